package io.payonce.dlt.refund.kafka;

import java.nio.charset.StandardCharsets;
import java.time.Instant;

import io.payonce.contract.DuplicatePayment;
import io.payonce.contract.EventCodec;
import io.payonce.contract.EventType;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.UnreadableEventException;
import io.payonce.dlt.refund.DuplicatePaymentEntry;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.Header;

/**
 * Reads a {@code pay.refund-required} record into the console's {@link DuplicatePaymentEntry}. A record that is
 * not a readable {@code DuplicatePayment} is still an entry (money may be owed): identified by its position,
 * OPEN, with the reason it could not be read.
 */
public final class DuplicatePaymentRecords {

	private DuplicatePaymentRecords() {
	}

	public static DuplicatePaymentEntry of(ConsumerRecord<String, byte[]> record) {
		String eventId = header(record, PayonceHeaders.EVENT_ID);
		String eventType = header(record, PayonceHeaders.EVENT_TYPE);
		Instant detectedAt = Instant.ofEpochMilli(record.timestamp());
		String position = record.partition() + ":" + record.offset();
		try {
			if (eventType != null && !EventType.DUPLICATE_PAYMENT.wireName().equals(eventType)) {
				throw new UnreadableEventException(null, "event type '" + eventType + "' is not "
						+ EventType.DUPLICATE_PAYMENT.wireName(), null);
			}
			DuplicatePayment event = EventCodec.decode(DuplicatePayment.class, record.value());
			return DuplicatePaymentEntry.detected(event.payNo(), event.orderNo(), event.userId(), event.amount(),
					event.currency(), event.paidAt(), event.firstPayNo(), event.detectedBy().name(), eventId, detectedAt,
					position, null);
		}
		catch (UnreadableEventException ex) {
			return DuplicatePaymentEntry.detected("unreadable-" + record.partition() + "-" + record.offset(),
					record.key(), null, null, null, null, null, null, eventId, detectedAt, position, ex.getMessage());
		}
	}

	private static String header(ConsumerRecord<String, byte[]> record, String name) {
		Header header = record.headers().lastHeader(name);
		return (header == null || header.value() == null) ? null : new String(header.value(), StandardCharsets.UTF_8);
	}

}
