package io.payonce.reconciliation.continuous.streams;

import java.time.Duration;
import java.util.Properties;

import io.payonce.reconciliation.alert.FindingAlerts;
import io.payonce.reconciliation.continuous.Reconciler;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Runs the reconciliation topology with {@code exactly_once_v2}: the view and the findings it causes are
 * committed together. The findings topic is not in the contract's catalogue yet, so this service declares it
 * (KafkaAdmin creates it at start when missing; the broker does not auto-create topics).
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ ContinuousProperties.class, StreamsProperties.class })
@ConditionalOnProperty(name = "payonce.reconciliation.streams.enabled", havingValue = "true", matchIfMissing = true)
class ReconciliationStreamsConfiguration {

	/**
	 * The consumer's own switch for sending LeaveGroup on close. Kafka Streams turns it off for its members (a
	 * restarted instance is meant to get its tasks back), so a stopped instance's partitions wait for the session
	 * timeout, their pending MISSING checks with them; {@code KafkaStreams.close(CloseOptions.leaveGroup(true))} acts
	 * only for static members in Kafka 4.1. An internal setting: {@code RollingRestartIT} (e2e-tests) notices if it
	 * stops working.
	 */
	static final String LEAVE_GROUP_ON_CLOSE = "internal.leave.group.on.close";

	@Bean
	NewTopic findingsTopic(ContinuousProperties continuous, StreamsProperties streams) {
		return new NewTopic(continuous.findingsTopic(), continuous.findingsPartitions(),
				streams.replicationFactor().shortValue());
	}

	@Bean
	ReconciliationStreams reconciliationStreams(KafkaProperties kafka, StreamsProperties streams,
			ContinuousProperties continuous, FindingAlerts alerts) {
		Properties config = new Properties();
		config.put(StreamsConfig.APPLICATION_ID_CONFIG, streams.applicationId());
		config.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, String.join(",", kafka.getBootstrapServers()));
		config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.EXACTLY_ONCE_V2);
		config.put(StreamsConfig.STATE_DIR_CONFIG, streams.stateDir().toString());
		config.put(StreamsConfig.REPLICATION_FACTOR_CONFIG, streams.replicationFactor());
		// the first run must see payments and deductions written before it existed
		config.put(StreamsConfig.consumerPrefix(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG), "earliest");
		// A group of instances: the partitions (tasks) are shared; a crashed instance's tasks move to a survivor
		// after the session timeout, which finds the stores warm (standby) or restores them from the changelogs.
		config.put(StreamsConfig.NUM_STANDBY_REPLICAS_CONFIG, streams.standbyReplicas());
		config.put(StreamsConfig.consumerPrefix(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG),
				(int) streams.sessionTimeout().toMillis());
		config.put(StreamsConfig.consumerPrefix(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG),
				(int) streams.sessionTimeout().dividedBy(3).toMillis());
		// a clean stop (a rollout, a scale-down) leaves the group, so that its tasks move at once
		config.put(StreamsConfig.mainConsumerPrefix(LEAVE_GROUP_ON_CLOSE), true);
		Reconciler reconciler = new Reconciler(continuous.window(), continuous.retention());
		return new ReconciliationStreams(new KafkaStreams(ReconciliationTopology.build(reconciler,
				continuous.scanInterval(), continuous.findingsTopic(), continuous.reversalsTopic(), alerts), config));
	}

	/** Lifecycle wrapper; a dying stream thread is replaced, the store is restored from its changelog. */
	static final class ReconciliationStreams implements SmartLifecycle {

		private final KafkaStreams streams;

		private volatile boolean running;

		ReconciliationStreams(KafkaStreams streams) {
			this.streams = streams;
		}

		@Override
		public void start() {
			this.streams.setUncaughtExceptionHandler(
					ex -> StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.REPLACE_THREAD);
			this.streams.start();
			this.running = true;
		}

		@Override
		public void stop() {
			this.streams.close(Duration.ofSeconds(30));
			this.running = false;
		}

		@Override
		public boolean isRunning() {
			return this.running;
		}

	}

}
