package io.payonce.dlt.timeline.streams;

import java.util.List;

import io.payonce.contract.Topic;
import io.payonce.dlt.retry.RetrySchedule;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;

/**
 * The pipeline's topics and {@code pay.timeline} ({@link #SOURCES}) → {@link TimelineProcessor} → the persistent,
 * changelogged store {@value #STORE} (orderNo → {@code Timeline} JSON). All of them are keyed by orderNo with the default partitioner (the relay's
 * EventRouter, the consumer, the ladder and the services' fact publishers all set key = orderNo) and created with the
 * same partition count, so partition n of every topic holds the same orders and one task owns each order's timeline
 * without a repartition topic.
 */
public final class TimelineTopology {

	public static final String STORE = "order-timelines";

	static final String SOURCE = "timeline-sources";

	static final String PROCESSOR = "timeline";

	/** Named, not {@code Topic.values()}: a topic added to the catalogue is read once its records have a step here. */
	static final List<Topic> SOURCES = List.of(Topic.PAY_SUCCESS, Topic.PAY_SUCCESS_RETRY, Topic.PAY_SUCCESS_TERMINAL,
			Topic.PAY_DEDUCTED, Topic.PAY_REFUND_REQUIRED, Topic.PAY_TIMELINE);

	private TimelineTopology() {
	}

	public static Topology build(RetrySchedule schedule, Runnable unreadable) {
		Topology topology = new Topology();
		String[] topics = new String[SOURCES.size()];
		for (int i = 0; i < topics.length; i++) {
			topics[i] = SOURCES.get(i).topicName();
		}
		topology.addSource(SOURCE, new StringDeserializer(), new ByteArrayDeserializer(), topics);
		PipelineFacts facts = new PipelineFacts(schedule);
		topology.addProcessor(PROCESSOR, () -> new TimelineProcessor(facts, unreadable), SOURCE);
		topology.addStateStore(
				Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STORE), Serdes.String(), Serdes.ByteArray())
					.withCachingEnabled(),
				PROCESSOR);
		return topology;
	}

}
