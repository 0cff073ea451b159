package io.payonce.dlt.config;

import java.time.Clock;

import io.payonce.dlt.retry.streams.StreamsProperties;
import io.payonce.dlt.terminal.StatusChange;
import io.payonce.dlt.terminal.TerminalIndex;
import io.payonce.dlt.terminal.kafka.KafkaAuditTrail;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.config.TopicConfig;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.config.TopicBuilder;
import org.springframework.scheduling.annotation.SchedulingConfigurer;
import org.springframework.scheduling.config.ScheduledTaskRegistrar;

/**
 * The clock, the terminal index and the shared audit trail (a Kafka topic, {@link KafkaAuditTrail}) of the console
 * and the alerts. The trail's topic is created by the handler ({@code KafkaAdmin}, before the trail is first read),
 * as the refund decisions' topic: one partition (one chain, one order for every instance), retention unlimited.
 */
@Configuration(proxyBeanMethods = false)
class CoreConfiguration implements SchedulingConfigurer {

	private final ConsoleProperties console;

	private final org.springframework.beans.factory.ObjectProvider<KafkaAuditTrail> trail;

	CoreConfiguration(ConsoleProperties console,
			org.springframework.beans.factory.ObjectProvider<KafkaAuditTrail> trail) {
		this.console = console;
		this.trail = trail;
	}

	@Bean
	@ConditionalOnMissingBean
	Clock clock() {
		return Clock.systemUTC();
	}

	@Bean
	TerminalIndex terminalIndex() {
		return new TerminalIndex();
	}

	@Bean
	NewTopic auditTopic(StreamsProperties streams) {
		return TopicBuilder.name(this.console.auditTopic())
			.partitions(1)
			.replicas(streams.replicationFactor())
			.config(TopicConfig.CLEANUP_POLICY_CONFIG, TopicConfig.CLEANUP_POLICY_DELETE)
			.config(TopicConfig.RETENTION_MS_CONFIG, "-1")
			.config(TopicConfig.RETENTION_BYTES_CONFIG, "-1")
			.build();
	}

	/** Every decision of every instance, as read from the trail, goes to the index. */
	@Bean
	KafkaAuditTrail auditTrail(KafkaProperties kafka, TerminalIndex index) {
		return KafkaAuditTrail.create(this.console.auditTopic(), this.console.auditTransactionalId(),
				kafka.buildProducerProperties(), kafka.buildConsumerProperties(), (entry) -> {
					for (StatusChange change : entry.changes()) {
						index.recorded(change);
					}
				}, this.console.auditTimeout());
	}

	/** Reads the whole trail before the console answers (started before the web server), closes it on stop. */
	@Bean
	SmartLifecycle auditTrailLifecycle(KafkaAuditTrail trail) {
		return new SmartLifecycle() {

			private volatile boolean running;

			@Override
			public void start() {
				trail.refresh();
				this.running = true;
			}

			@Override
			public void stop() {
				trail.close();
				this.running = false;
			}

			@Override
			public boolean isRunning() {
				return this.running;
			}

			@Override
			public int getPhase() {
				return SmartLifecycle.DEFAULT_PHASE - 2048;
			}

		};
	}

	/** DOWN when the stored chain is broken; the trail's head and size otherwise. */
	@Bean
	HealthIndicator auditTrailHealth(KafkaAuditTrail trail) {
		return () -> {
			String broken = trail.broken();
			if (broken != null) {
				return Health.down().withDetail("broken", broken).build();
			}
			return Health.up()
				.withDetail("loaded", trail.loaded())
				.withDetail("entries", trail.size())
				.withDetail("head", trail.head())
				.build();
		};
	}

	@Override
	public void configureTasks(ScheduledTaskRegistrar registrar) {
		registrar.addFixedDelayTask(() -> this.trail.getObject().refresh(), this.console.auditRefresh());
	}

}
