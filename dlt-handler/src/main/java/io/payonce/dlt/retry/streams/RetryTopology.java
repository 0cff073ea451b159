package io.payonce.dlt.retry.streams;

import java.time.Duration;

import io.payonce.contract.Topic;
import io.payonce.dlt.retry.RetrySchedule;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;

/**
 * {@code pay.success.retry} → backoff processor (persistent store {@value #PENDING_STORE}) →
 * {@code pay.success} (due retries) or {@code pay.success.terminal} (exhausted). Keys (orderNo) and value
 * bytes pass through untouched, so a re-published record lands on the same partition as the original.
 */
public final class RetryTopology {

	public static final String PENDING_STORE = "pending-retries";

	static final String SOURCE = "retry-source";

	static final String PROCESSOR = "backoff";

	static final String PAY_SUCCESS_SINK = "to-pay-success";

	static final String TERMINAL_SINK = "to-terminal";

	private RetryTopology() {
	}

	public static Topology build(RetrySchedule schedule, Duration punctuateInterval) {
		Topology topology = new Topology();
		topology.addSource(SOURCE, new StringDeserializer(), new ByteArrayDeserializer(),
				Topic.PAY_SUCCESS_RETRY.topicName());
		topology.addProcessor(PROCESSOR, () -> new BackoffProcessor(schedule, punctuateInterval), SOURCE);
		topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(PENDING_STORE),
				Serdes.Bytes(), Serdes.ByteArray()), PROCESSOR);
		topology.addSink(PAY_SUCCESS_SINK, Topic.PAY_SUCCESS.topicName(), new StringSerializer(),
				new ByteArraySerializer(), PROCESSOR);
		topology.addSink(TERMINAL_SINK, Topic.PAY_SUCCESS_TERMINAL.topicName(), new StringSerializer(),
				new ByteArraySerializer(), PROCESSOR);
		return topology;
	}

}
