package io.payonce.dlt.overview.http;

import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.payonce.dlt.overview.Overview;
import io.payonce.dlt.overview.OverviewCharts;
import io.payonce.dlt.overview.ServiceName;
import io.payonce.dlt.retry.streams.RetryProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class OverviewConfiguration {

	@Bean
	Overview overview(OverviewProperties properties, RetryProperties retry) {
		List<ServiceName> configured = new ArrayList<>();
		properties.targets().byService().forEach((service, urls) -> {
			if (!urls.isEmpty()) {
				configured.add(service);
			}
		});
		return new Overview(OverviewCharts.all(retry.maxRetries()), configured, properties.interval(),
				properties.window());
	}

	@Bean
	OverviewSampler overviewSampler(Overview overview, OverviewProperties properties, Clock clock) {
		Map<ServiceName, List<URI>> targets = properties.targets().byService();
		return new OverviewSampler(overview, new PrometheusScraper(targets, properties.timeout()), clock,
				properties.interval());
	}

}
