package io.payonce.dlt.refund.kafka;

import io.payonce.dlt.config.WholeTopicReader;
import io.payonce.dlt.refund.DuplicatePaymentIndex;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;

/**
 * Feeds the operators' decisions into the index: the whole decisions topic from the beginning at every start
 * (this instance's and every other's), then each new one as it is written.
 */
@Component
class RefundDecisionListener implements WholeTopicReader {

	private static final Logger log = LoggerFactory.getLogger(RefundDecisionListener.class);

	private final DuplicatePaymentIndex index;

	RefundDecisionListener(DuplicatePaymentIndex index) {
		this.index = index;
	}

	@KafkaListener(id = "refund-decisions", topics = "${payonce.dlt.refunds.decisions-topic:payonce.dlt.refund-decisions}",
			groupId = "payonce-dlt-refund-decisions-${random.uuid}",
			properties = { "isolation.level=read_committed", "auto.offset.reset=earliest",
					"enable.auto.commit=false" })
	void onDecision(ConsumerRecord<String, byte[]> record) {
		if (record.value() == null) {
			return; // a tombstone decides nothing
		}
		try {
			this.index.decided(RefundDecisionJson.decode(record.value()));
		}
		catch (JacksonException | NullPointerException ex) {
			// Not ours to repair here; the entry stays as it was (OPEN shows, and alerts, until decided again).
			log.error("Unreadable refund decision at {}:{} (key {}): {}", record.partition(), record.offset(),
					record.key(), ex.getMessage());
		}
	}

}
