package io.payonce.reconciliation.continuous.streams;

import java.util.Properties;

import io.payonce.ops.streams.ManagedStreams;
import io.payonce.reconciliation.alert.FindingAlerts;
import io.payonce.reconciliation.continuous.Reconciler;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.kafka.autoconfigure.KafkaProperties;
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

	@Bean
	NewTopic findingsTopic(ContinuousProperties continuous, StreamsProperties streams) {
		return new NewTopic(continuous.findingsTopic(), continuous.findingsPartitions(),
				streams.replicationFactor().shortValue());
	}

	@Bean
	ManagedStreams reconciliationStreams(KafkaProperties kafka, StreamsProperties streams,
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
		ManagedStreams.leaveGroupOnClose(config);
		Reconciler reconciler = new Reconciler(continuous.window(), continuous.retention());
		return new ManagedStreams(new KafkaStreams(ReconciliationTopology.build(reconciler,
				continuous.scanInterval(), continuous.findingsTopic(), continuous.reversalsTopic(), alerts), config));
	}

	/**
	 * DOWN unless the stream threads run or rebalance: an instance whose reconciliation stopped (its app in ERROR)
	 * reports no findings, and says so rather than passing for healthy.
	 */
	@Bean
	HealthIndicator reconciliationStreamsHealth(ManagedStreams reconciliationStreams) {
		return reconciliationStreams.health();
	}

}
