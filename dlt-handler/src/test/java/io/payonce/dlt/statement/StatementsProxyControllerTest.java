package io.payonce.dlt.statement;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletRequest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The statements page's requests reach the reconciliation as the operator sent them (their Authorization, the query,
 * the file), and its answer comes back as it is; a reconciliation that cannot be reached is a 502 naming it; a path
 * that is no day or report is refused without being forwarded. The reconciliation is a scripted HTTP server.
 */
class StatementsProxyControllerTest {

	private HttpServer reconciliation;

	private final List<String> received = new CopyOnWriteArrayList<>();

	private StatementsProxyController proxy;

	@BeforeEach
	void startScriptedReconciliation() throws IOException {
		this.reconciliation = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.reconciliation.createContext("/api/v1/statements", (exchange) -> {
			byte[] body = exchange.getRequestBody().readAllBytes();
			this.received.add(exchange.getRequestMethod() + " " + exchange.getRequestURI() + " auth="
					+ exchange.getRequestHeaders().getFirst("Authorization") + " type="
					+ exchange.getRequestHeaders().getFirst("Content-Type") + " body="
					+ new String(body, StandardCharsets.UTF_8));
			boolean admin = "Basic YWRtaW4=".equals(exchange.getRequestHeaders().getFirst("Authorization"));
			byte[] answer = (admin ? "{\"result\":\"IMPORTED\"}" : "{\"detail\":\"Forbidden\"}")
				.getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Content-Type", admin ? "application/json" : "application/problem+json");
			exchange.sendResponseHeaders(admin ? 200 : 403, answer.length);
			exchange.getResponseBody().write(answer);
			exchange.close();
		});
		this.reconciliation.start();
		this.proxy = new StatementsProxyController(new StatementsProxyProperties(
				URI.create("http://127.0.0.1:" + this.reconciliation.getAddress().getPort()), Duration.ofSeconds(5)));
	}

	@AfterEach
	void stop() {
		this.reconciliation.stop(0);
	}

	@Test
	void uploadIsForwardedWithTheOperatorsCredentialsAndAnsweredAsTheReconciliationAnswered() {
		// given an admin's upload
		MockHttpServletRequest request = new MockHttpServletRequest("POST", "/api/v1/statements/2026-11-29");
		request.addHeader("Authorization", "Basic YWRtaW4=");
		request.setContentType("text/csv");
		request.setContent("payNo,orderNo\n".getBytes(StandardCharsets.UTF_8));

		// when
		ResponseEntity<?> answer = this.proxy.upload("2026-11-29", request);

		// then
		assertThat(this.received).containsExactly(
				"POST /api/v1/statements/2026-11-29 auth=Basic YWRtaW4= type=text/csv body=payNo,orderNo\n");
		assertThat(answer.getStatusCode().value()).isEqualTo(200);
		assertThat(new String((byte[]) answer.getBody(), StandardCharsets.UTF_8)).isEqualTo("{\"result\":\"IMPORTED\"}");
	}

	@Test
	void reconciliationsRefusalIsTheAnswerAndTheQueryIsForwarded() {
		MockHttpServletRequest request = new MockHttpServletRequest("GET", "/api/v1/statements");
		request.addHeader("Authorization", "Basic dmlld2Vy");
		request.setQueryString("from=2026-11-01&limit=5");

		ResponseEntity<?> answer = this.proxy.list(request);

		assertThat(this.received).containsExactly("GET /api/v1/statements?from=2026-11-01&limit=5 auth=Basic dmlld2Vy"
				+ " type=null body=");
		assertThat(answer.getStatusCode().value()).isEqualTo(403);
		assertThat(answer.getHeaders().getContentType()).hasToString("application/problem+json");
	}

	@Test
	void pathThatIsNoDayOrReportIsRefusedHereAndNotForwarded() {
		MockHttpServletRequest request = new MockHttpServletRequest("GET", "/");
		request.addHeader("Authorization", "Basic YWRtaW4=");

		assertThat(this.proxy.report("..%2Factuator%2Fenv", request).getStatusCode().value()).isEqualTo(404);
		assertThat(this.proxy.upload("2026-11-29%2F..", request).getStatusCode().value()).isEqualTo(400);
		assertThat(this.received).isEmpty();
	}

	@Test
	void unreachableReconciliationIsABadGatewayNamingIt() throws IOException {
		int nobody;
		try (ServerSocket socket = new ServerSocket(0)) {
			nobody = socket.getLocalPort();
		}
		StatementsProxyController towardsNobody = new StatementsProxyController(
				new StatementsProxyProperties(URI.create("http://127.0.0.1:" + nobody), Duration.ofSeconds(2)));

		ResponseEntity<?> answer = towardsNobody.list(new MockHttpServletRequest("GET", "/api/v1/statements"));

		assertThat(answer.getStatusCode().value()).isEqualTo(502);
		assertThat(((ProblemDetail) answer.getBody()).getProperties()).containsEntry("field", "reconciliation");
		assertThat(((ProblemDetail) answer.getBody()).getDetail()).contains("unreachable");
	}

}
