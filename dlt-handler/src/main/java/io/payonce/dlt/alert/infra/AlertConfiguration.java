package io.payonce.dlt.alert.infra;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.dlt.alert.AlertSink;
import io.payonce.dlt.alert.BacklogAlertRules;
import io.payonce.dlt.terminal.TerminalIndex;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;

@Configuration(proxyBeanMethods = false)
class AlertConfiguration implements SchedulingConfigurer {

	private final AlertProperties properties;

	private final ObjectProvider<BacklogMonitor> monitor;

	AlertConfiguration(AlertProperties properties, ObjectProvider<BacklogMonitor> monitor) {
		this.properties = properties;
		this.monitor = monitor;
	}

	@Bean
	BacklogMonitor backlogMonitor(TerminalIndex index, Clock clock, MeterRegistry registry) {
		List<AlertSink> sinks = new ArrayList<>();
		sinks.add(new LoggingAlertSink());
		if (this.properties.webhookUrl() != null) {
			sinks.add(new WebhookAlertSink(this.properties.webhookUrl()));
		}
		BacklogAlertRules rules = new BacklogAlertRules(this.properties.warningAbove(), this.properties.warningFor(),
				this.properties.criticalAbove(), this.properties.criticalFor());
		return new BacklogMonitor(index, rules, sinks, clock, registry);
	}

	@Override
	public void configureTasks(ScheduledTaskRegistrar registrar) {
		registrar.addFixedDelayTask(() -> this.monitor.getObject().evaluate(), this.properties.evaluateEvery());
	}

}
