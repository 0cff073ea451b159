package io.payonce.dlt.refund.kafka;

import io.payonce.contract.Topic;
import io.payonce.dlt.config.WholeTopicReader;
import io.payonce.dlt.refund.DuplicatePaymentEntry;
import io.payonce.dlt.refund.DuplicatePaymentIndex;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Feeds the duplicate-payment index from {@code pay.refund-required}, both detectors. Each instance reads the whole
 * topic from the beginning under its own group id (the index is a full view, not a share of the work),
 * read_committed.
 */
@Component
class RefundRequiredListener implements WholeTopicReader {

	private static final Logger log = LoggerFactory.getLogger(RefundRequiredListener.class);

	private final DuplicatePaymentIndex index;

	RefundRequiredListener(DuplicatePaymentIndex index) {
		this.index = index;
	}

	@KafkaListener(id = "refund-required-index", topics = Topic.Names.PAY_REFUND_REQUIRED,
			groupId = "payonce-dlt-refunds-${random.uuid}",
			properties = { "isolation.level=read_committed", "auto.offset.reset=earliest",
					"enable.auto.commit=false" })
	void onDuplicatePayment(ConsumerRecord<String, byte[]> record) {
		DuplicatePaymentEntry entry = DuplicatePaymentRecords.of(record);
		if (!this.index.arrived(entry)) {
			return; // the same payment again: redelivered, re-read, or reported by the other detector
		}
		if (entry.problem() != null) {
			log.error("Unreadable record at {} on {} listed as {}: {}", entry.position(), record.topic(),
					entry.payNo(), entry.problem());
		}
		else {
			log.info("Duplicate payment {} of order {}: {} {} owed back (detected by {}, first payment {}), {}",
					entry.payNo(), entry.orderNo(), entry.amount(), entry.currency(), entry.detectedBy(),
					entry.firstPayNo(), entry.state());
		}
	}

}
