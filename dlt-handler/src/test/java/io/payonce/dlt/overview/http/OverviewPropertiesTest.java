package io.payonce.dlt.overview.http;

import java.net.URI;
import java.time.Duration;
import java.util.List;

import io.payonce.dlt.overview.ServiceName;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OverviewPropertiesTest {

	@Test
	void withoutSettingsTheLocalStackIsReadEveryTenSecondsForAnHour() {
		OverviewProperties properties = new OverviewProperties(null, null, null, null);

		assertThat(properties.interval()).isEqualTo(Duration.ofSeconds(10));
		assertThat(properties.window()).isEqualTo(Duration.ofHours(1));
		assertThat(properties.timeout()).isEqualTo(Duration.ofSeconds(3));
		assertThat(properties.targets().byService()).containsEntry(ServiceName.PRODUCER_GATEWAY,
				List.of(URI.create("http://localhost:9081/actuator/prometheus")))
			.containsEntry(ServiceName.RECONCILIATION, List.of(URI.create("http://localhost:9085/actuator/prometheus")));
	}

	@Test
	void aWindowShorterThanTheIntervalOrATargetThatCannotBeReadRefusesTheStart() {
		assertThatThrownBy(() -> new OverviewProperties(Duration.ofMinutes(2), Duration.ofMinutes(1), null, null))
			.hasMessageContaining("payonce.dlt.overview.window");
		assertThatThrownBy(() -> new OverviewProperties.Targets(List.of(URI.create("ftp://gateway/metrics")), null, null,
				null, null))
			.hasMessageContaining("ftp://gateway/metrics");
		assertThatThrownBy(() -> new OverviewProperties.Targets(null, List.of(URI.create("relay:9082")), null, null,
				null))
			.hasMessageContaining("relay:9082");
	}

	@Test
	void anEmptyListLeavesTheServiceOutAndDnsTargetsAreAccepted() {
		OverviewProperties.Targets targets = new OverviewProperties.Targets(List.of(), null,
				List.of(URI.create("dns+http://deduct-consumer-metrics:9083/actuator/prometheus")), null, null);

		assertThat(targets.gateway()).isEmpty();
		assertThat(targets.consumer()).hasSize(1);
	}

}
