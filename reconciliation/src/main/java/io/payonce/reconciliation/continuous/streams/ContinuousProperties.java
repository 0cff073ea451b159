package io.payonce.reconciliation.continuous.streams;

import java.time.Duration;

import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Continuous reconciliation ({@code payonce.reconciliation.continuous.*}).
 *
 * @param window a payment without a deduction after this long is MISSING
 * [PAYONCE_RECONCILIATION_CONTINUOUS_WINDOW, default 5m]
 * @param scanInterval how often (wall clock) the views are checked for the window
 * [PAYONCE_RECONCILIATION_CONTINUOUS_SCAN_INTERVAL, default 30s]
 * @param retention an order's view is dropped this long after its last change; a duplicate later than this
 * is left to the ledger audit [PAYONCE_RECONCILIATION_CONTINUOUS_RETENTION, default 7d]
 * @param findingsTopic [PAYONCE_RECONCILIATION_CONTINUOUS_FINDINGS_TOPIC, default payonce.reconciliation.findings]
 * @param findingsPartitions partitions when this service creates the findings topic
 * [PAYONCE_RECONCILIATION_CONTINUOUS_FINDINGS_PARTITIONS, default 6]
 * @param reversalsTopic where a booked reversal is announced (key orderNo), read with {@code pay.success} and
 * {@code pay.deducted} to settle the order's DUPLICATE finding
 * [PAYONCE_RECONCILIATION_CONTINUOUS_REVERSALS_TOPIC, default payonce.reconciliation.reversals]
 * @param reversalsPartitions partitions when this service creates the reversals topic: the partitions of
 * {@code pay.success}, so that an order's reversal reaches the task that holds its view
 * [PAYONCE_RECONCILIATION_CONTINUOUS_REVERSALS_PARTITIONS, default 6]
 */
@Validated
@ConfigurationProperties("payonce.reconciliation.continuous")
public record ContinuousProperties(Duration window, Duration scanInterval, Duration retention, String findingsTopic,
		@Min(1) Integer findingsPartitions, String reversalsTopic, @Min(1) Integer reversalsPartitions) {

	public ContinuousProperties {
		window = (window == null) ? Duration.ofMinutes(5) : window;
		scanInterval = (scanInterval == null) ? Duration.ofSeconds(30) : scanInterval;
		retention = (retention == null) ? Duration.ofDays(7) : retention;
		findingsTopic = (findingsTopic == null || findingsTopic.isBlank()) ? "payonce.reconciliation.findings"
				: findingsTopic;
		findingsPartitions = (findingsPartitions == null) ? 6 : findingsPartitions;
		reversalsTopic = (reversalsTopic == null || reversalsTopic.isBlank()) ? "payonce.reconciliation.reversals"
				: reversalsTopic;
		reversalsPartitions = (reversalsPartitions == null) ? 6 : reversalsPartitions;
	}

}
