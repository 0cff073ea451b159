package io.payonce.dlt.timeline.web;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;
import io.payonce.contract.TimelineFact;
import io.payonce.dlt.config.ConsoleProperties;
import io.payonce.dlt.timeline.OrderTimelines;
import io.payonce.dlt.timeline.Services;
import io.payonce.dlt.timeline.Timeline;
import io.payonce.ops.security.OpsSecurityAutoConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.startsWith;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * {@code GET /api/v1/timeline/{orderNo}} with the real security configuration and the local profile's users; the
 * store is an in-memory {@link OrderTimelines} (the Kafka Streams one is proven by
 * {@code AnyInstanceAnswersEveryTimelineIT}), the peer a real HTTP server.
 */
@WebMvcTest(controllers = TimelineController.class)
@ImportAutoConfiguration(OpsSecurityAutoConfiguration.class)
@Import(TimelineApiTest.Fixture.class)
@ActiveProfiles("local")
class TimelineApiTest {

	private static final Instant T0 = Instant.parse("2026-12-01T14:03:10Z");

	private static final String SELF = "127.0.0.1:8084";

	@Autowired
	private MockMvc mvc;

	@Autowired
	private FakeTimelines timelines;

	private HttpServer peer;

	private final List<String> peerAsked = new CopyOnWriteArrayList<>();

	@BeforeEach
	void clean() {
		this.timelines.kept.clear();
		this.timelines.elsewhere = null;
		this.timelines.rebuilding = false;
	}

	@AfterEach
	void stopPeer() {
		if (this.peer != null) {
			this.peer.stop(0);
		}
	}

	@Test
	void withoutCredentialsTheTimelineIs401() throws Exception {
		this.timelines.keep(aRetriedPayment("P1"));

		this.mvc.perform(get("/api/v1/timeline/P1")).andExpect(status().isUnauthorized());
	}

	@Test
	void aViewerReadsAnOrderKeptHereInOrderWithWhereItIsNow() throws Exception {
		// given an order that waits in retry tier 1 since T0, due T0+30s, asked at T0+12s (the fixed clock)
		this.timelines.keep(aRetriedPayment("P1"));

		this.mvc.perform(get("/api/v1/timeline/P1").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.orderNo").value("P1"))
			.andExpect(jsonPath("$.steps[0].step").value("CALLBACK"))
			.andExpect(jsonPath("$.steps[0].service").value("producer-gateway"))
			.andExpect(jsonPath("$.steps[0].decision").value("ACCEPTED"))
			.andExpect(jsonPath("$.steps[1].step").value("RETRY_HELD"))
			.andExpect(jsonPath("$.steps[1].detail.reason").value("INSUFFICIENT_BALANCE"))
			.andExpect(jsonPath("$.traceIds[0]").value("4bf92f3577b34da6a3ce929d0e0e4736"))
			.andExpect(jsonPath("$.omitted").value(0))
			.andExpect(jsonPath("$.now.state").value("RETRY_WAITING"))
			.andExpect(jsonPath("$.now.forMillis").value(12_000))
			.andExpect(jsonPath("$.now.text")
				.value("in retry tier 1 (INSUFFICIENT_BALANCE) since 14:03:10 (12.0 s), due 14:03:40"))
			.andExpect(jsonPath("$.servedBy").value(SELF));
	}

	@Test
	void anOrderWithoutFactsIsA404ProblemNamingIt() throws Exception {
		this.timelines.keep(aRetriedPayment("P1"));

		this.mvc.perform(get("/api/v1/timeline/p1").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isNotFound())
			.andExpect(content().contentTypeCompatibleWith("application/problem+json"))
			.andExpect(jsonPath("$.orderNo").value("p1"));
	}

	@Test
	void anyOrderNoIsReadByteForByteThroughTheQueryForm() throws Exception {
		String odd = "P ü+%/;\\1";
		this.timelines.keep(aRetriedPayment(odd));

		this.mvc
			.perform(get("/api/v1/timeline").param("orderNo", odd).with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.orderNo").value(odd));
		this.mvc.perform(get("/api/v1/timeline").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.parameter").value("orderNo"));
	}

	@Test
	void whileTheStoreIsRebuiltTheAnswerIs503WithRetryAfter() throws Exception {
		this.timelines.keep(aRetriedPayment("P1"));
		this.timelines.rebuilding = true;

		this.mvc.perform(get("/api/v1/timeline/P1").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isServiceUnavailable())
			.andExpect(header().string("Retry-After", "2"))
			.andExpect(jsonPath("$.detail", startsWith("restoring")));
	}

	@Test
	void anOrderKeptByAPeerIsAskedOfItWithTheOperatorsCredentialsAndItsAnswerPassedOn() throws Exception {
		// given a peer that keeps the order and answers its timeline
		String odd = "P2 ü+%";
		startPeer(200, "{\"orderNo\":\"" + odd + "\",\"servedBy\":\"the-peer\"}");
		this.timelines.elsewhere = "127.0.0.1:" + this.peer.getAddress().getPort();

		// when a viewer asks this instance
		this.mvc
			.perform(get("/api/v1/timeline").param("orderNo", odd).with(httpBasic("viewer", "viewer-local")))
			// then the peer's answer comes back as it is
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.servedBy").value("the-peer"));
		// and the peer was asked for its own store only, for exactly that order, as the viewer
		assertThat(this.peerAsked).singleElement().satisfies((asked) -> {
			assertThat(asked).contains("scope=local");
			assertThat(asked).contains("orderNo=" + odd);
			assertThat(asked).contains("Basic dmlld2VyOnZpZXdlci1sb2NhbA==");
		});
	}

	@Test
	void aPeersProblemIsPassedOnAsItIs() throws Exception {
		startPeer(404, "{\"title\":\"No timeline\",\"status\":404,\"orderNo\":\"P3\"}");
		this.timelines.elsewhere = "127.0.0.1:" + this.peer.getAddress().getPort();

		this.mvc.perform(get("/api/v1/timeline/P3").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isNotFound())
			.andExpect(jsonPath("$.orderNo").value("P3"));
	}

	@Test
	void aPeerThatDoesNotAnswerIsA503NamingIt() throws Exception {
		String down = "127.0.0.1:" + closedPort();
		this.timelines.elsewhere = down;

		this.mvc.perform(get("/api/v1/timeline/P4").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isServiceUnavailable())
			.andExpect(header().exists("Retry-After"))
			.andExpect(jsonPath("$.title").value("Timeline host unreachable"))
			.andExpect(jsonPath("$.instance").value(down));
	}

	@Test
	void askedForItsOwnStoreAnInstanceNeverAsksFurther() throws Exception {
		this.timelines.elsewhere = "127.0.0.1:1";

		this.mvc
			.perform(get("/api/v1/timeline").param("orderNo", "P5")
				.param("scope", "local")
				.with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isServiceUnavailable());
		this.mvc
			.perform(get("/api/v1/timeline/P5").param("scope", "all").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isBadRequest())
			.andExpect(jsonPath("$.parameter").value("scope"));
	}

	private void startPeer(int status, String body) throws IOException {
		this.peer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.peer.createContext("/api/v1/timeline", (exchange) -> {
			this.peerAsked.add(URLDecoder.decode(exchange.getRequestURI().getRawQuery(), StandardCharsets.UTF_8) + " "
					+ exchange.getRequestHeaders().getFirst("Authorization"));
			byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders()
				.add("Content-Type", (status == 200) ? "application/json" : "application/problem+json");
			exchange.sendResponseHeaders(status, bytes.length);
			exchange.getResponseBody().write(bytes);
			exchange.close();
		});
		this.peer.start();
	}

	private static int closedPort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

	private static Timeline aRetriedPayment(String orderNo) {
		return Timeline.empty()
			.with(new TimelineFact(orderNo, T0.minusSeconds(1), Services.GATEWAY, "gw-1", TimelineFact.Step.CALLBACK,
					"ACCEPTED", "4bf92f3577b34da6a3ce929d0e0e4736", Map.of()), "pay.timeline-0", 0)
			.with(new TimelineFact(orderNo, T0, Services.DLT_HANDLER, "", TimelineFact.Step.RETRY_HELD, "HELD", null,
					Map.of(Services.TIER, "1", Services.REASON, "INSUFFICIENT_BALANCE", Services.DUE,
							T0.plusSeconds(30).toString())),
					"pay.success.retry-0", 0);
	}

	/** Timelines kept here, or all of them on one other instance ({@code elsewhere}). */
	static final class FakeTimelines implements OrderTimelines {

		final Map<String, Timeline> kept = new ConcurrentHashMap<>();

		volatile String elsewhere;

		volatile boolean rebuilding;

		void keep(Timeline timeline) {
			this.kept.put(timeline.entries().get(0).fact().orderNo(), timeline);
		}

		@Override
		public String self() {
			return SELF;
		}

		@Override
		public Host hostOf(String orderNo) {
			return (this.elsewhere != null) ? new Host(this.elsewhere, false, 3) : new Host(SELF, true, 3);
		}

		@Override
		public Optional<Timeline> local(String orderNo, int partition) {
			if (this.rebuilding) {
				throw new NotQueryableException("restoring the store from its changelog", null);
			}
			return Optional.ofNullable(this.kept.get(orderNo));
		}

	}

	@TestConfiguration
	@EnableConfigurationProperties(ConsoleProperties.class)
	static class Fixture {

		@Bean
		Clock clock() {
			return Clock.fixed(T0.plusSeconds(12), ZoneOffset.UTC);
		}

		@Bean
		FakeTimelines orderTimelines() {
			return new FakeTimelines();
		}

	}

}
