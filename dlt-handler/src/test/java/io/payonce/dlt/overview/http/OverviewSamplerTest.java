package io.payonce.dlt.overview.http;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import io.payonce.dlt.MutableClock;
import io.payonce.dlt.overview.Overview;
import io.payonce.dlt.overview.OverviewCharts;
import io.payonce.dlt.overview.OverviewSnapshot;
import io.payonce.dlt.overview.OverviewSnapshot.ChartView;
import io.payonce.dlt.overview.OverviewSnapshot.ServiceView;
import io.payonce.dlt.overview.OverviewSnapshot.TargetView;
import io.payonce.dlt.overview.Scrape;
import io.payonce.dlt.overview.ServiceName;
import io.payonce.dlt.overview.Target;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The scraper and the sampler against real HTTP endpoints (a JDK server) that answer as the services' actuators do,
 * and as they fail: refused, an error status, something that is not the format, too slow.
 */
class OverviewSamplerTest {

	private HttpServer server;

	private final AtomicInteger consumerScrapes = new AtomicInteger();

	private final CountDownLatch release = new CountDownLatch(1);

	@BeforeEach
	void services() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
		// a consumer that has deducted 100 more each time it is asked, and absorbed 10 more Redis duplicates
		this.server.createContext("/consumer/actuator/prometheus", (exchange) -> {
			int n = this.consumerScrapes.getAndIncrement();
			answer(exchange, 200, """
					# HELP payonce_consumer_deliveries_total \s
					# TYPE payonce_consumer_deliveries_total counter
					payonce_consumer_deliveries_total{layer="none",outcome="FIRST"} %d.0
					payonce_consumer_deliveries_total{layer="redis",outcome="DUPLICATE"} %d.0
					""".formatted(1000 + 100 * n, 50 + 10 * n));
		});
		this.server.createContext("/handler/actuator/prometheus", (exchange) -> answer(exchange, 200, """
				# TYPE payonce_dlt_terminal_backlog gauge
				payonce_dlt_terminal_backlog 3.0
				# TYPE payonce_dlt_retry_pending gauge
				payonce_dlt_retry_pending{tier="1"} 2.0
				payonce_dlt_retry_pending{tier="2"} NaN
				"""));
		this.server.createContext("/gateway/actuator/prometheus", (exchange) -> answer(exchange, 503, "starting"));
		this.server.createContext("/relay/actuator/prometheus",
				(exchange) -> answer(exchange, 200, "<html><body>Please log in</body></html>"));
		this.server.createContext("/slow/actuator/prometheus", (exchange) -> {
			try {
				this.release.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			answer(exchange, 200, "up 1\n");
		});
		this.server.start();
	}

	@AfterEach
	void stop() {
		this.release.countDown();
		this.server.stop(0);
	}

	private static void answer(com.sun.net.httpserver.HttpExchange exchange, int status, String body)
			throws IOException {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		exchange.getResponseHeaders().set("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
		exchange.sendResponseHeaders(status, bytes.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(bytes);
		}
	}

	private URI url(String service) {
		return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort() + "/" + service
				+ "/actuator/prometheus");
	}

	private static URI closedPort() throws IOException {
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		return URI.create("http://127.0.0.1:" + port + "/actuator/prometheus");
	}

	@Test
	void everyFailureOfATargetIsItsOwnReadableErrorAndTheRoundGoesOn() throws IOException {
		URI refused = closedPort();
		PrometheusScraper scraper = new PrometheusScraper(Map.of(ServiceName.PRODUCER_GATEWAY, List.of(url("gateway")),
				ServiceName.OUTBOX_RELAY, List.of(url("relay")), ServiceName.DEDUCT_CONSUMER, List.of(url("consumer")),
				ServiceName.DLT_HANDLER, List.of(url("slow")), ServiceName.RECONCILIATION, List.of(refused)),
				Duration.ofMillis(500));

		Map<Target, Scrape> round = scraper.scrapeAll();

		assertThat(round.get(new Target(ServiceName.PRODUCER_GATEWAY, url("gateway"))))
			.isEqualTo(Scrape.failed("HTTP 503"));
		assertThat(round.get(new Target(ServiceName.OUTBOX_RELAY, url("relay")))).isInstanceOfSatisfying(
				Scrape.Failed.class, (failed) -> assertThat(failed.error()).startsWith("not Prometheus text format at line 1"));
		assertThat(round.get(new Target(ServiceName.DEDUCT_CONSUMER, url("consumer"))))
			.isInstanceOfSatisfying(Scrape.Read.class, (read) -> assertThat(read.samples()).hasSize(2));
		assertThat(round.get(new Target(ServiceName.DLT_HANDLER, url("slow"))))
			.isEqualTo(Scrape.failed("no answer within the timeout"));
		assertThat(round.get(new Target(ServiceName.RECONCILIATION, refused)))
			.isEqualTo(Scrape.failed("connection refused"));
	}

	@Test
	void twoRoundsMakeRatesFromTheCountersAndGaugesAsReportedNamingTheServiceThatFailed() {
		MutableClock clock = new MutableClock(Instant.parse("2026-12-01T00:00:00Z"));
		Map<ServiceName, List<URI>> targets = Map.of(ServiceName.DEDUCT_CONSUMER, List.of(url("consumer")),
				ServiceName.DLT_HANDLER, List.of(url("handler")), ServiceName.PRODUCER_GATEWAY, List.of(url("gateway")));
		Overview overview = new Overview(OverviewCharts.all(2),
				List.of(ServiceName.PRODUCER_GATEWAY, ServiceName.DEDUCT_CONSUMER, ServiceName.DLT_HANDLER),
				Duration.ofSeconds(10), Duration.ofHours(1));
		OverviewSampler sampler = new OverviewSampler(overview, new PrometheusScraper(targets, Duration.ofSeconds(2)),
				clock, Duration.ofSeconds(10));

		sampler.round();
		clock.set(clock.instant().plusSeconds(10));
		sampler.round();

		OverviewSnapshot snapshot = overview.snapshot();
		assertThat(snapshot.times()).hasSize(2);
		// 100 deductions and 10 duplicates more in 10 s
		assertThat(chart(snapshot, "deductions").lines().get(0).values().get(1)).isCloseTo(10.0, within(1e-9));
		assertThat(chart(snapshot, "duplicates").lines()).filteredOn((line) -> line.label().equals("consumer redis"))
			.singleElement()
			.satisfies((line) -> assertThat(line.values().get(1)).isCloseTo(1.0, within(1e-9)));
		assertThat(chart(snapshot, "terminal-depth").lines().get(0).values()).containsExactly(3.0, 3.0);
		// tier 2's gauge is NaN (the store could not be read): unknown, not zero
		assertThat(chart(snapshot, "retry-backlog").lines()).extracting((line) -> line.values().get(1))
			.containsExactly(2.0, null);
		assertThat(chart(snapshot, "callbacks").lines().get(0).noData()).isEqualTo("producer-gateway unreachable");
		ServiceView gateway = snapshot.services().get(0);
		assertThat(gateway.name()).isEqualTo("producer-gateway");
		assertThat(gateway.up()).isFalse();
		assertThat(gateway.targets()).extracting(TargetView::error).containsExactly("HTTP 503");
		assertThat(chart(snapshot, "open-findings").lines().get(0).noData())
			.isEqualTo("no target configured for reconciliation");
	}

	@Test
	void aDnsTargetIsOneInstancePerAddressAndAPlainOneIsOneWhateverItsHostResolvesTo() throws Exception {
		assertThat(PrometheusScraper.instances(URI.create("http://localhost:9083/actuator/prometheus")))
			.containsExactly(URI.create("http://localhost:9083/actuator/prometheus"));
		assertThat(PrometheusScraper.instances(URI.create("dns+http://127.0.0.1:9083/actuator/prometheus")))
			.containsExactly(URI.create("http://127.0.0.1:9083/actuator/prometheus"));
	}

	private static ChartView chart(OverviewSnapshot snapshot, String id) {
		return snapshot.charts().stream().filter((chart) -> chart.id().equals(id)).findFirst().orElseThrow();
	}

}
