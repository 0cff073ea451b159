package io.payonce.dlt.config;

import java.util.Map;

import org.apache.kafka.common.TopicPartition;
import org.springframework.kafka.listener.ConsumerSeekAware;

/**
 * A listener that keeps a full view of its topics in memory (terminal records, duplicate payments, refund
 * decisions): every instance reads every partition from the beginning at each start, under a group id of its
 * own, whatever offsets an earlier run left.
 */
public interface WholeTopicReader extends ConsumerSeekAware {

	@Override
	default void onPartitionsAssigned(Map<TopicPartition, Long> assignments, ConsumerSeekCallback callback) {
		callback.seekToBeginning(assignments.keySet());
	}

}
