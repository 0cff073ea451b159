package io.payonce.consumer.deduct;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.payonce.consumer.deduct.domain.Decision;
import io.payonce.consumer.deduct.domain.DuplicateLayer;
import io.payonce.contract.FailureReason;
import org.junit.jupiter.api.Test;

class DeductionMetricsTest {

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final DeductionMetrics metrics = new DeductionMetrics(this.registry);

	@Test
	void duplicatesAreCountedByLayerAndMakeTheRatio() {
		// given / when
		this.metrics.record(Decision.first(false));
		this.metrics.record(Decision.duplicate(DuplicateLayer.REDIS, false));
		this.metrics.record(Decision.duplicate(DuplicateLayer.UNIQUE_INDEX, true));
		this.metrics.record(Decision.failed(FailureReason.INSUFFICIENT_BALANCE, "low", false));

		// then
		assertThat(count("DUPLICATE", "redis")).isEqualTo(1.0);
		assertThat(count("DUPLICATE", "unique_index")).isEqualTo(1.0);
		assertThat(count("FIRST", "none")).isEqualTo(1.0);
		assertThat(count("RETRY", "none")).isEqualTo(1.0);
		assertThat(this.registry.get("payonce.consumer.degraded").counter().count()).isEqualTo(1.0);
		assertThat(this.registry.get("payonce.consumer.duplicate.ratio").gauge().value()).isEqualTo(0.5);
	}

	@Test
	void conflictsAndUnreadableRecordsHaveTheirOwnOutcomes() {
		this.metrics.record(Decision.failed(FailureReason.CONFLICT, "other amount", false));
		this.metrics.recordUnreadable();
		assertThat(count("CONFLICT", "none")).isEqualTo(1.0);
		assertThat(count("TERMINAL", "none")).isEqualTo(1.0);
		assertThat(this.registry.get("payonce.consumer.duplicate.ratio").gauge().value()).isZero();
	}

	@Test
	void aSecondPlatformPaymentHasItsOwnOutcomeAndIsNoDuplicateDelivery() {
		// given / when
		this.metrics.record(Decision.first(false));
		this.metrics.record(Decision.duplicatePayment("PN1", false));
		this.metrics.record(Decision.duplicate(DuplicateLayer.STATE_UNATTRIBUTED, false));

		// then
		assertThat(count("DUPLICATE_PAYMENT", "none")).isEqualTo(1.0);
		assertThat(count("DUPLICATE", "state_unattributed")).isEqualTo(1.0);
		assertThat(this.registry.get("payonce.consumer.duplicate.ratio").gauge().value()).isEqualTo(1.0 / 3);
	}

	@Test
	void secondPaymentsAreExportedAtZeroBeforeTheFirstSoThatTheAlertSeesTheFirstOne() {
		// given the counter the rule PayonceDuplicatePaymentFoundByLedger (dlt-handler's payonce-alerts.yml) names
		PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
		DeductionMetrics exported = new DeductionMetrics(prometheus);
		String series = "(?m)^payonce_consumer_deliveries_total\\{layer=\"none\",outcome=\"DUPLICATE_PAYMENT\"} ";

		// then it is scraped at zero before any delivery, and counts the first second payment
		assertThat(prometheus.scrape()).containsPattern(series + "0\\.0$");
		// and so is the count of deliveries without Redis that PayonceRedisGuardDegraded watches
		assertThat(prometheus.scrape()).containsPattern("(?m)^payonce_consumer_degraded_total 0\\.0$");
		exported.record(Decision.duplicatePayment("PN1", false));
		assertThat(prometheus.scrape()).containsPattern(series + "1\\.0$");
	}

	private double count(String outcome, String layer) {
		return this.registry.get(DeductionMetrics.DELIVERIES).tag("outcome", outcome).tag("layer", layer).counter()
			.count();
	}

}
