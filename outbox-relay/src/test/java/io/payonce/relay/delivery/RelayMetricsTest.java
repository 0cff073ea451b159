package io.payonce.relay.delivery;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The relay's series that the rule {@code PayonceRelayLagHigh} (dlt-handler's {@code prometheus/payonce-alerts.yml})
 * names, exported from the start under the names the rule uses.
 */
class RelayMetricsTest {

	@Test
	void theLagsNinetyNinthPercentileIsExportedUnderTheRulesName() {
		PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

		new RelayMetrics(registry);

		assertThat(registry.scrape()).containsPattern("(?m)^payonce_relay_lag_seconds\\{quantile=\"0\\.99\"} ");
	}

}
