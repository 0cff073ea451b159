package io.payonce.dlt.freeze.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;
import io.payonce.dlt.forecast.http.LedgerProperties;
import io.payonce.ops.security.OpsSecurityAutoConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

/**
 * The console's freeze calls reach the reconciliation as the operator: their own Authorization header, the body as
 * sent, the answer back as it is. A stand-in for the reconciliation's HTTP API records what arrives (the
 * reconciliation's own rules are its IT's: FreezingAnAccountIsAnAuditedAdminOperationIT).
 */
@WebMvcTest(controllers = FrozenAccountsController.class)
@ImportAutoConfiguration(OpsSecurityAutoConfiguration.class)
@Import(FrozenAccountsAreForwardedAsTheOperatorTest.Fixture.class)
@ActiveProfiles("local")
class FrozenAccountsAreForwardedAsTheOperatorTest {

	static final List<String> arrived = new CopyOnWriteArrayList<>();

	static final HttpServer reconciliation = start();

	@Autowired
	private MockMvc mvc;

	@BeforeEach
	void nothingArrivedYet() {
		arrived.clear();
	}

	@AfterAll
	static void stop() {
		reconciliation.stop(0);
	}

	@Test
	void anAdminsFreezeIsForwardedWithTheirCredentialsAndBodyAndTheAnswerComesBackAsItIs() throws Exception {
		// when an admin freezes user 42 (the stand-in answers 409 ALREADY_FROZEN)
		this.mvc
			.perform(post("/api/v1/accounts/42/freeze").with(httpBasic("admin", "admin-local"))
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"reason\":\"INC-7\"}"))
			.andExpect(status().isConflict())
			.andExpect(jsonPath("$.outcome").value("ALREADY_FROZEN"));

		// then the reconciliation saw the operator's own Basic credentials and the body as sent
		assertThat(arrived).singleElement()
			.isEqualTo("POST /api/v1/accounts/42/freeze Basic YWRtaW46YWRtaW4tbG9jYWw= {\"reason\":\"INC-7\"}");
	}

	@Test
	void aViewerListsTheFrozenAccountsButCannotFreeze() throws Exception {
		this.mvc.perform(get("/api/v1/accounts/frozen").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$[0].userId").value(42));
		this.mvc
			.perform(post("/api/v1/accounts/42/unfreeze").with(httpBasic("viewer", "viewer-local"))
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"reason\":\"x\"}"))
			.andExpect(status().isForbidden());

		// only the read reached the reconciliation
		assertThat(arrived).singleElement().asString().startsWith("GET /api/v1/accounts/frozen Basic ");
	}

	@Test
	void aUserIdThatIsNotANumberIsRefusedHereNamingTheField() throws Exception {
		this.mvc
			.perform(post("/api/v1/accounts/12abc/freeze").with(httpBasic("admin", "admin-local"))
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"reason\":\"x\"}"))
			.andExpect(status().isBadRequest())
			.andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
			.andExpect(jsonPath("$.field").value("userId"));
		assertThat(arrived).isEmpty();
	}

	private static HttpServer start() {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			server.createContext("/api/v1/accounts/", (exchange) -> {
				String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
				arrived.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " "
						+ exchange.getRequestHeaders().getFirst("Authorization") + (body.isEmpty() ? "" : " " + body));
				boolean list = exchange.getRequestURI().getPath().endsWith("/frozen");
				byte[] answer = (list ? "[{\"userId\":42,\"status\":\"FROZEN\"}]"
						: "{\"outcome\":\"ALREADY_FROZEN\",\"userId\":42}").getBytes(StandardCharsets.UTF_8);
				exchange.getResponseHeaders().add("Content-Type", "application/json");
				exchange.sendResponseHeaders(list ? 200 : 409, answer.length);
				exchange.getResponseBody().write(answer);
				exchange.close();
			});
			server.start();
			return server;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@TestConfiguration
	static class Fixture {

		@Bean
		LedgerProperties ledgerProperties() {
			return new LedgerProperties(URI.create("http://127.0.0.1:" + reconciliation.getAddress().getPort()),
					null, null, Duration.ofSeconds(2));
		}

	}

}
