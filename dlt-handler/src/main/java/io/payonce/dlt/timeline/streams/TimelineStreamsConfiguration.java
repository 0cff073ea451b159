package io.payonce.dlt.timeline.streams;

import java.util.Properties;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.dlt.retry.streams.RetryProperties;
import io.payonce.dlt.retry.streams.StreamsProperties;
import io.payonce.dlt.timeline.FactPublisher;
import io.payonce.dlt.timeline.OrderTimelines;
import io.payonce.dlt.timeline.infra.OpsFactPublisher;
import io.payonce.ops.streams.ManagedStreams;
import io.payonce.ops.timeline.TimelinePublisher;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.state.HostInfo;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * Runs the timeline materialiser: a Streams app of its own beside the retry ladder, so that neither's rebalances,
 * restores or failures hold up the other. It shares the ladder's runtime settings ({@code payonce.dlt.streams.*}:
 * the group's session timeout, standby replicas, {@code application.server}, so peers find each other the same way)
 * and differs in:
 * <ul>
 * <li>{@code application.id} = the ladder's + {@value #ID_SUFFIX} (its own group, internal topics, offsets), and
 * its own state directory below the ladder's;</li>
 * <li>{@code at_least_once}: the timeline moves no money and writes no topic, so it needs no transactions; a record
 * read again after a crash is recognised by its offset ({@code Timeline#with}) and adds nothing;</li>
 * <li>{@code read_committed} all the same: the relay and the ladder write in transactions, and an aborted record
 * never happened, so it must not appear on a timeline.</li>
 * </ul>
 */
@Configuration(proxyBeanMethods = false)
class TimelineStreamsConfiguration {

	static final String ID_SUFFIX = "-timeline";

	@Bean
	ManagedStreams timelineStreams(Properties retryStreamsConfig, StreamsProperties streams, RetryProperties retry,
			MeterRegistry meters) {
		Properties config = new Properties();
		config.putAll(retryStreamsConfig);
		config.put(StreamsConfig.APPLICATION_ID_CONFIG, streams.applicationId() + ID_SUFFIX);
		config.put(StreamsConfig.STATE_DIR_CONFIG, streams.stateDir().resolve("timeline").toString());
		config.put(StreamsConfig.PROCESSING_GUARANTEE_CONFIG, StreamsConfig.AT_LEAST_ONCE);
		config.put(StreamsConfig.consumerPrefix(ConsumerConfig.ISOLATION_LEVEL_CONFIG), "read_committed");
		Counter unreadable = Counter.builder("payonce.dlt.timeline.unreadable")
			.description("records the timeline skipped because they could not be read as what their topic carries")
			.register(meters);
		return new ManagedStreams(
				new KafkaStreams(TimelineTopology.build(retry.schedule(), unreadable::increment), config));
	}

	@Bean
	OrderTimelines orderTimelines(ManagedStreams timelineStreams, HostInfo retryStreamsAdvertisedInstance) {
		return new StreamsOrderTimelines(timelineStreams.streams(), retryStreamsAdvertisedInstance);
	}

	/** The handler's own facts (replays, dry runs), through the services' shared publisher ({@code ops}). */
	@Bean
	FactPublisher timelineFactPublisher(TimelinePublisher timelinePublisher) {
		return new OpsFactPublisher(timelinePublisher);
	}

	/** DOWN unless the materialiser's threads run: the timeline would stop growing. */
	@Bean
	HealthIndicator timelineStreamsHealth(ManagedStreams timelineStreams) {
		return timelineStreams.health();
	}

}
