package io.payonce.consumer.deduct.kafka;

import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.payonce.contract.Topic;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.springframework.kafka.core.KafkaTemplate;

/**
 * A send that waits for the broker's acknowledgement (acks=all, idempotent producer). The consumer moves a
 * record off the main path only this way: if the send fails, this throws, the poll is not acknowledged and is
 * retried in place, so nothing routed is ever lost between the publish and the offset commit.
 */
final class AwaitedSender {

	private final KafkaTemplate<String, byte[]> template;

	private final Duration timeout;

	AwaitedSender(KafkaTemplate<String, byte[]> template, Duration timeout) {
		this.template = template;
		this.timeout = timeout;
	}

	void send(Topic target, ProducerRecord<String, byte[]> record) {
		try {
			this.template.send(record).get(this.timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new PublishFailedException(target, ex);
		}
		catch (ExecutionException | TimeoutException ex) {
			throw new PublishFailedException(target, ex);
		}
	}

	/** The target topic did not acknowledge: the record must stay uncommitted. */
	public static class PublishFailedException extends RuntimeException {

		PublishFailedException(Topic target, Throwable cause) {
			super("Could not publish to " + target.topicName(), cause);
		}

	}

}
