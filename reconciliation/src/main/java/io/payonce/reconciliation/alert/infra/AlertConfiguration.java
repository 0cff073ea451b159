package io.payonce.reconciliation.alert.infra;

import java.util.ArrayList;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.reconciliation.alert.FindingAlerts;
import io.payonce.reconciliation.alert.FindingSink;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Metric and log always; the webhook when {@code payonce.reconciliation.alert.webhook-url} is set. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AlertProperties.class)
class AlertConfiguration {

	@Bean
	FindingAlerts findingAlerts(MeterRegistry registry, AlertProperties properties) {
		List<FindingSink> sinks = new ArrayList<>();
		sinks.add(new MeterFindingSink(registry));
		sinks.add(new LoggingFindingSink());
		if (properties.webhookUrl() != null) {
			sinks.add(new WebhookFindingSink(properties.webhookUrl()));
		}
		return new FindingAlerts(sinks);
	}

}
