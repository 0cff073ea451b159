package io.payonce.dlt.timeline.streams;

import io.payonce.contract.Topic;
import io.payonce.dlt.retry.RetrySchedule;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;

/**
 * Every topic of the catalogue → {@link TimelineProcessor} → the persistent, changelogged store {@value #STORE}
 * (orderNo → {@code Timeline} JSON). All of them are keyed by orderNo with the default partitioner (the relay's
 * EventRouter, the consumer, the ladder and the services' fact publishers all set key = orderNo) and created with the
 * same partition count, so partition n of every topic holds the same orders and one task owns each order's timeline
 * without a repartition topic.
 */
public final class TimelineTopology {

	public static final String STORE = "order-timelines";

	static final String SOURCE = "timeline-sources";

	static final String PROCESSOR = "timeline";

	private TimelineTopology() {
	}

	public static Topology build(RetrySchedule schedule, Runnable unreadable) {
		Topology topology = new Topology();
		String[] topics = new String[Topic.values().length];
		for (int i = 0; i < topics.length; i++) {
			topics[i] = Topic.values()[i].topicName();
		}
		topology.addSource(SOURCE, new StringDeserializer(),
				new ByteArrayDeserializer(), topics);
		PipelineFacts facts = new PipelineFacts(schedule);
		topology.addProcessor(PROCESSOR, () -> new TimelineProcessor(facts, unreadable), SOURCE);
		topology.addStateStore(
				Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STORE), Serdes.String(), Serdes.ByteArray())
					.withCachingEnabled(),
				PROCESSOR);
		return topology;
	}

}
