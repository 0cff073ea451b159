package io.payonce.dlt.overview;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.payonce.dlt.overview.Line.Across;
import io.payonce.dlt.overview.Line.Kind;

/**
 * What the overview screen shows, each chart read from the metrics a service exports already (the ones the
 * Prometheus rules and the Grafana dashboard read): nothing is computed for the page that the services do not count
 * themselves.
 */
public final class OverviewCharts {

	/** The reconciliation's gauge of findings still OPEN, by kind. */
	public static final String OPEN_FINDINGS = "payonce_reconciliation_findings_open";

	/** The dlt-handler's gauge of the retries waiting on each rung of the ladder (see {@code PendingRetryGauges}). */
	public static final String PENDING_RETRIES = "payonce_dlt_retry_pending";

	private static final String DELIVERIES = "payonce_consumer_deliveries_total";

	private OverviewCharts() {
	}

	/** @param retryTiers how many rungs the ladder has ({@code payonce.dlt.retry.max-retries}): one line each */
	public static List<Chart> all(int retryTiers) {
		List<Line> tiers = new ArrayList<>();
		for (int tier = 1; tier <= retryTiers; tier++) {
			tiers.add(new Line("tier " + tier, ServiceName.DLT_HANDLER, PENDING_RETRIES,
					Map.of("tier", Integer.toString(tier)), Kind.GAUGE, Across.SUM));
		}
		return List.of(
				chart("callbacks", "Callbacks per second", "/s",
						line("callbacks", ServiceName.PRODUCER_GATEWAY, "payonce_gateway_callbacks_total", Map.of(),
								Kind.COUNTER_RATE, Across.SUM)),
				chart("deductions", "Deductions per second", "/s",
						line("deducted", ServiceName.DEDUCT_CONSUMER, DELIVERIES, Map.of("outcome", "FIRST"),
								Kind.COUNTER_RATE, Across.SUM)),
				new Chart("duplicates", "Duplicates absorbed per second, by layer", "/s", List.of(
						new Line("gateway", ServiceName.PRODUCER_GATEWAY, "payonce_gateway_callbacks_total",
								Map.of("result", "duplicate"), Kind.COUNTER_RATE, Across.SUM),
						consumerDuplicates("redis"), consumerDuplicates("state"),
						consumerDuplicates("state_unattributed"), consumerDuplicates("unique_index"))),
				new Chart("retry-backlog", "Retry backlog per tier", "retries", tiers),
				chart("terminal-depth", "Terminal depth (open records)", "records",
						line("open", ServiceName.DLT_HANDLER, "payonce_dlt_terminal_backlog", Map.of(), Kind.GAUGE,
								Across.MAX)),
				chart("terminal-age", "Age of the oldest open terminal record", "s",
						line("oldest", ServiceName.DLT_HANDLER, "payonce_dlt_terminal_oldest_age_seconds", Map.of(),
								Kind.GAUGE, Across.MAX)),
				new Chart("relay-lag", "Relay lag (binlog to Kafka commit)", "s", List.of(
						new Line("p99", ServiceName.OUTBOX_RELAY, "payonce_relay_lag_seconds",
								Map.of("quantile", "0.99"), Kind.GAUGE, Across.MAX),
						new Line("p50", ServiceName.OUTBOX_RELAY, "payonce_relay_lag_seconds",
								Map.of("quantile", "0.5"), Kind.GAUGE, Across.MAX))),
				chart("duplicate-payments", "Open duplicate payments (money owed back)", "payments",
						line("open", ServiceName.DLT_HANDLER, "payonce_dlt_duplicate_payments_open", Map.of(),
								Kind.GAUGE, Across.MAX)),
				// every reconciliation instance is expected to report the whole open set, as the handlers do
				chart("open-findings", "Open reconciliation findings", "findings",
						line("open", ServiceName.RECONCILIATION, OPEN_FINDINGS, Map.of(), Kind.GAUGE, Across.MAX)));
	}

	private static Line consumerDuplicates(String layer) {
		return new Line("consumer " + layer, ServiceName.DEDUCT_CONSUMER, DELIVERIES,
				Map.of("outcome", "DUPLICATE", "layer", layer), Kind.COUNTER_RATE, Across.SUM);
	}

	private static Line line(String label, ServiceName service, String metric, Map<String, String> labels, Kind kind,
			Across across) {
		return new Line(label, service, metric, labels, kind, across);
	}

	private static Chart chart(String id, String title, String unit, Line line) {
		return new Chart(id, title, unit, List.of(line));
	}

}
