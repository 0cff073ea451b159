package io.payonce.e2e.faults;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ConsumerMetricsTest {

	@Test
	void readsTheDeliveriesCounterByOutcomeAndLayer() {
		String scraped = """
				# HELP payonce_consumer_deliveries_total
				# TYPE payonce_consumer_deliveries_total counter
				payonce_consumer_deliveries_total{application="payonce-deduct-consumer",layer="none",outcome="FIRST"} 1150.0
				payonce_consumer_deliveries_total{layer="redis",outcome="DUPLICATE"} 12.0
				payonce_consumer_deliveries_total{layer="unique_index",outcome="DUPLICATE"} 1.0
				payonce_consumer_degraded_total 0.0
				""";

		Map<String, Double> values = ConsumerMetrics.parse(scraped);

		assertThat(values).containsOnly(Map.entry("FIRST/none", 1150.0), Map.entry("DUPLICATE/redis", 12.0),
				Map.entry("DUPLICATE/unique_index", 1.0));
	}

}
