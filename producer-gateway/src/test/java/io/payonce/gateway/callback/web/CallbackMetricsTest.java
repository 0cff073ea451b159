package io.payonce.gateway.callback.web;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The counter the {@code PayonceDuplicatePayment} rule watches (dlt-handler's {@code payonce-alerts.yml}, checked
 * there by {@code AlertRulesTest}): exported under that name from the start, at 0, so that the first second
 * payment is an increase Prometheus sees, and counted once per second payment, not per callback.
 */
class CallbackMetricsTest {

	private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

	private final CallbackMetrics metrics = new CallbackMetrics(this.registry);

	@Test
	void duplicatePaymentsAreExportedAtZeroBeforeTheFirstOne() {
		assertThat(this.registry.scrape()).containsPattern("(?m)^payonce_gateway_duplicate_payments_total 0\\.0$");
	}

	@Test
	void aSecondPaymentIsCountedOnceHoweverOftenItsCallbackComes() {
		// when one second payment is recorded and its callback repeated twice
		this.metrics.duplicatePayment(true);
		this.metrics.duplicatePayment(false);
		this.metrics.duplicatePayment(false);

		// then
		String scrape = this.registry.scrape();
		assertThat(scrape).containsPattern("(?m)^payonce_gateway_duplicate_payments_total 1\\.0$");
		assertThat(scrape).containsPattern(
				"(?m)^payonce_gateway_callbacks_total\\{reason=\"none\",result=\"duplicate_payment\"} 3\\.0$");
	}

	@Test
	void signatureRefusalsAreExportedUnderTheNamesTheAlertMatches() {
		// when (PayonceCallbackSignatureFailures matches result="rejected", reason=~"signature_.*")
		this.metrics.rejected("signature_mismatch");

		// then
		assertThat(this.registry.scrape()).containsPattern(
				"(?m)^payonce_gateway_callbacks_total\\{reason=\"signature_mismatch\",result=\"rejected\"} 1\\.0$");
	}

}
