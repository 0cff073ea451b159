package io.payonce.consumer.deduct.kafka;

import io.payonce.consumer.deduct.DeductionMetrics;
import io.payonce.contract.FailureReason;
import io.payonce.contract.UnreadableEventException;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.kafka.listener.ConsumerRecordRecoverer;
import org.springframework.kafka.support.serializer.DeserializationException;

/**
 * The error handler's recoverer. It is reached only for records the error handler classifies as not
 * retryable, i.e. a {@link DeserializationException} from the {@code ErrorHandlingDeserializer}: the record
 * goes to the terminal topic with the original bytes and reason {@code UNREADABLE} (or
 * {@code UNKNOWN_EVENT_TYPE}). If that publish fails this throws, and the record is retried, not skipped.
 */
public class UnreadableRecordRecoverer implements ConsumerRecordRecoverer {

	private static final Logger log = LoggerFactory.getLogger(UnreadableRecordRecoverer.class);

	private final FailureRouter router;

	private final DeductionMetrics metrics;

	public UnreadableRecordRecoverer(FailureRouter router, DeductionMetrics metrics) {
		this.router = router;
		this.metrics = metrics;
	}

	@Override
	public void accept(ConsumerRecord<?, ?> record, Exception exception) {
		DeserializationException deserialization = find(exception, DeserializationException.class);
		UnreadableEventException unreadable = find(exception, UnreadableEventException.class);
		FailureReason reason = reasonOf(exception);
		byte[] raw = (deserialization != null && !deserialization.isKey()) ? deserialization.getData() : null;
		String key = (record.key() instanceof String text) ? text : null;
		Throwable cause = (unreadable != null) ? unreadable : exception;
		try (MDC.MDCCloseable orderNo = MDC.putCloseable("orderNo", key)) {
			log.error("skipped {}-{}@{}: unreadable ({}), to the terminal topic", record.topic(), record.partition(),
					record.offset(), cause.getMessage());
			this.router.route(record, key, raw, reason, cause.getClass().getName(), cause.getMessage());
			this.metrics.recordUnreadable();
		}
	}

	/** The terminal reason of a record that could not be read: {@code UNREADABLE} or {@code UNKNOWN_EVENT_TYPE}. */
	public static FailureReason reasonOf(Exception exception) {
		UnreadableEventException unreadable = find(exception, UnreadableEventException.class);
		return (unreadable != null) ? unreadable.reason() : FailureReason.UNREADABLE;
	}

	private static <T extends Throwable> T find(Throwable error, Class<T> type) {
		Throwable current = error;
		while (current != null) {
			if (type.isInstance(current)) {
				return type.cast(current);
			}
			current = (current.getCause() == current) ? null : current.getCause();
		}
		return null;
	}

}
