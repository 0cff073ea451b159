package io.payonce.dlt.overview;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.payonce.dlt.overview.Line.Across;
import io.payonce.dlt.overview.Line.Kind;
import io.payonce.dlt.overview.OverviewSnapshot.LineView;
import io.payonce.dlt.overview.OverviewSnapshot.ServiceView;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The rules of the overview's numbers: only what the services reported, combined as each series means. */
class OverviewTest {

	private static final Instant T0 = Instant.parse("2026-12-01T00:00:00Z");

	private static final Duration EVERY = Duration.ofSeconds(10);

	private static final Target CONSUMER_A = new Target(ServiceName.DEDUCT_CONSUMER, URI.create("http://a:9083/p"));

	private static final Target CONSUMER_B = new Target(ServiceName.DEDUCT_CONSUMER, URI.create("http://b:9083/p"));

	private static final Target HANDLER_A = new Target(ServiceName.DLT_HANDLER, URI.create("http://a:9084/p"));

	private static final Target HANDLER_B = new Target(ServiceName.DLT_HANDLER, URI.create("http://b:9084/p"));

	private static final Line DEDUCTED = new Line("deducted", ServiceName.DEDUCT_CONSUMER,
			"payonce_consumer_deliveries_total", Map.of("outcome", "FIRST"), Kind.COUNTER_RATE, Across.SUM);

	private static final Line BACKLOG = new Line("open", ServiceName.DLT_HANDLER, "payonce_dlt_terminal_backlog",
			Map.of(), Kind.GAUGE, Across.MAX);

	private static final Line FINDINGS = new Line("open", ServiceName.RECONCILIATION,
			"payonce_reconciliation_findings_open", Map.of(), Kind.GAUGE, Across.MAX);

	private static Overview overview(Duration window) {
		return new Overview(
				List.of(new Chart("deductions", "Deductions", "/s", List.of(DEDUCTED)),
						new Chart("terminal", "Terminal", "records", List.of(BACKLOG)),
						new Chart("findings", "Findings", "findings", List.of(FINDINGS))),
				List.of(ServiceName.DEDUCT_CONSUMER, ServiceName.DLT_HANDLER, ServiceName.RECONCILIATION), EVERY,
				window);
	}

	private static Scrape deliveries(double first, double duplicates) {
		return Scrape.read(List.of(
				new MetricSample("payonce_consumer_deliveries_total", Map.of("outcome", "FIRST", "layer", "none"),
						first),
				new MetricSample("payonce_consumer_deliveries_total", Map.of("outcome", "DUPLICATE", "layer", "redis"),
						duplicates)));
	}

	private static Scrape backlog(double value) {
		return Scrape.read(List.of(new MetricSample("payonce_dlt_terminal_backlog", Map.of(), value)));
	}

	private static Map<Target, Scrape> round(Object... targetsAndScrapes) {
		Map<Target, Scrape> round = new LinkedHashMap<>();
		for (int i = 0; i < targetsAndScrapes.length; i += 2) {
			round.put((Target) targetsAndScrapes[i], (Scrape) targetsAndScrapes[i + 1]);
		}
		return round;
	}

	private static LineView line(OverviewSnapshot snapshot, String chartId) {
		return snapshot.charts()
			.stream()
			.filter((chart) -> chart.id().equals(chartId))
			.findFirst()
			.orElseThrow()
			.lines()
			.get(0);
	}

	@Test
	void countersOfEveryInstanceAreSummedAsRatesAndTheFirstSampleHasNone() {
		Overview overview = overview(Duration.ofHours(1));

		overview.record(T0, round(CONSUMER_A, deliveries(100, 7), CONSUMER_B, deliveries(40, 0)));
		overview.record(T0.plus(EVERY), round(CONSUMER_A, deliveries(150, 9), CONSUMER_B, deliveries(60, 0)));

		LineView deducted = line(overview.snapshot(), "deductions");
		assertThat(deducted.values().get(0)).isNull();
		assertThat(deducted.values().get(1)).isCloseTo((50 + 20) / 10.0, within(1e-9));
		assertThat(deducted.noData()).isNull();
		assertThat(overview.snapshot().times()).containsExactly(T0.getEpochSecond(), T0.plus(EVERY).getEpochSecond());
	}

	@Test
	void aRestartedInstanceCountsFromZeroNotNegative() {
		Overview overview = overview(Duration.ofHours(1));
		overview.record(T0, round(CONSUMER_A, deliveries(1000, 0)));

		// when the consumer restarted and has deducted 30 since
		overview.record(T0.plus(EVERY), round(CONSUMER_A, deliveries(30, 0)));

		assertThat(line(overview.snapshot(), "deductions").values().get(1)).isCloseTo(3.0, within(1e-9));
	}

	@Test
	void aCounterCreatedOnItsFirstIncrementCountsThatIncrement() {
		Overview overview = overview(Duration.ofHours(1));
		// given a consumer that has deducted nothing yet: Micrometer has not created the counter
		overview.record(T0, round(CONSUMER_A, Scrape.read(List.of(new MetricSample("jvm_threads_live_threads", Map.of(),
				30)))));

		// when its first deduction creates the counter at 1
		overview.record(T0.plus(EVERY), round(CONSUMER_A, deliveries(1, 0)));

		// then that deduction is in the rate, and the first sample (nothing counted) is a known 0 only once there is a
		// second to compare it with
		assertThat(line(overview.snapshot(), "deductions").values()).containsExactly(null, 0.1);
	}

	@Test
	void aGaugeEveryInstanceReportsWholeIsTakenOnceNotSummed() {
		Overview overview = overview(Duration.ofHours(1));

		overview.record(T0, round(HANDLER_A, backlog(4), HANDLER_B, backlog(5)));

		assertThat(line(overview.snapshot(), "terminal").values()).containsExactly(5.0);
	}

	@Test
	void anUnreachableServiceIsNamedWithItsErrorAndDrawsNothingNotZero() {
		Overview overview = overview(Duration.ofHours(1));

		overview.record(T0, round(CONSUMER_A, deliveries(1, 0), HANDLER_A, Scrape.failed("connection refused")));

		OverviewSnapshot snapshot = overview.snapshot();
		assertThat(line(snapshot, "terminal").values()).containsExactly((Double) null);
		assertThat(line(snapshot, "terminal").noData()).isEqualTo("dlt-handler unreachable");
		ServiceView handler = snapshot.services()
			.stream()
			.filter((service) -> service.name().equals("dlt-handler"))
			.findFirst()
			.orElseThrow();
		assertThat(handler.up()).isFalse();
		assertThat(handler.targets()).singleElement().satisfies((target) -> {
			assertThat(target.url()).isEqualTo("http://a:9084/p");
			assertThat(target.error()).isEqualTo("connection refused");
		});
	}

	@Test
	void oneInstanceDownLeavesTheOthersShareAndNamesTheDownOne() {
		Overview overview = overview(Duration.ofHours(1));
		overview.record(T0, round(CONSUMER_A, deliveries(0, 0), CONSUMER_B, deliveries(0, 0)));

		overview.record(T0.plus(EVERY), round(CONSUMER_A, deliveries(10, 0), CONSUMER_B, Scrape.failed("HTTP 503")));

		OverviewSnapshot snapshot = overview.snapshot();
		assertThat(line(snapshot, "deductions").values().get(1)).isCloseTo(1.0, within(1e-9));
		assertThat(snapshot.services().get(0).up()).isTrue();
		assertThat(snapshot.services().get(0).targets()).extracting((target) -> target.error())
			.containsExactly(null, "HTTP 503");
	}

	@Test
	void aMetricNoInstanceExportsSaysSoInsteadOfZero() {
		Overview overview = overview(Duration.ofHours(1));

		overview.record(T0, round(new Target(ServiceName.RECONCILIATION, URI.create("http://r:9085/p")),
				Scrape.read(List.of(new MetricSample("payonce_reconciliation_findings_total", Map.of("kind", "MISSING"),
						3)))));

		LineView findings = line(overview.snapshot(), "findings");
		assertThat(findings.values()).containsExactly((Double) null);
		assertThat(findings.noData()).isEqualTo("reconciliation exports no payonce_reconciliation_findings_open");
	}

	@Test
	void aGaugeTheServiceDoesNotKnowYetIsNoDataSayingSo() {
		Overview overview = overview(Duration.ofHours(1));

		// given the reconciliation has not read its findings topic to the end yet: NaN, as its gauge says
		overview.record(T0, round(new Target(ServiceName.RECONCILIATION, URI.create("http://r:9085/p")),
				Scrape.read(List.of(new MetricSample("payonce_reconciliation_findings_open", Map.of("kind", "MISSING"),
						Double.NaN)))));

		LineView findings = line(overview.snapshot(), "findings");
		assertThat(findings.values()).containsExactly((Double) null);
		assertThat(findings.noData())
			.isEqualTo("reconciliation does not know payonce_reconciliation_findings_open yet (NaN)");
	}

	@Test
	void onlyTheWindowIsKeptTheOldestSampleGoingFirst() {
		// given a window of three intervals: four samples (both ends)
		Overview overview = overview(EVERY.multipliedBy(3));

		for (int i = 0; i < 6; i++) {
			overview.record(T0.plus(EVERY.multipliedBy(i)), round(HANDLER_A, backlog(i)));
		}

		OverviewSnapshot snapshot = overview.snapshot();
		assertThat(snapshot.times()).containsExactly(T0.plusSeconds(20).getEpochSecond(),
				T0.plusSeconds(30).getEpochSecond(), T0.plusSeconds(40).getEpochSecond(),
				T0.plusSeconds(50).getEpochSecond());
		assertThat(line(snapshot, "terminal").values()).containsExactly(2.0, 3.0, 4.0, 5.0);
		assertThat(snapshot.windowSeconds()).isEqualTo(30);
	}

	@Test
	void anInstanceGoneFromTheRoundIsNoLongerListed() {
		Overview overview = overview(Duration.ofHours(1));
		overview.record(T0, round(HANDLER_A, backlog(1), HANDLER_B, backlog(1)));

		overview.record(T0.plus(EVERY), round(HANDLER_A, backlog(1)));

		assertThat(overview.snapshot().services().get(1).targets()).extracting((target) -> target.url())
			.containsExactly("http://a:9084/p");
	}

	@Test
	void theScreenHasEveryChartTheIssueAsksFor() {
		Overview overview = new Overview(OverviewCharts.all(5), List.of(ServiceName.values()), EVERY,
				Duration.ofHours(1));

		OverviewSnapshot snapshot = overview.snapshot();

		assertThat(snapshot.charts()).extracting((chart) -> chart.id())
			.containsExactly("callbacks", "deductions", "duplicates", "retry-backlog", "terminal-depth", "terminal-age",
					"relay-lag", "duplicate-payments", "open-findings");
		assertThat(snapshot.charts().get(3).lines()).extracting(LineView::label)
			.containsExactly("tier 1", "tier 2", "tier 3", "tier 4", "tier 5");
		assertThat(snapshot.charts().get(0).lines().get(0).noData()).isEqualTo("not sampled yet");
		assertThat(snapshot.services()).extracting(ServiceView::name)
			.containsExactly("producer-gateway", "outbox-relay", "deduct-consumer", "dlt-handler", "reconciliation");
	}

}
