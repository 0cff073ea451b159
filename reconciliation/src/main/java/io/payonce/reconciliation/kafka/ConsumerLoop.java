package io.payonce.reconciliation.kafka;

import java.time.Duration;
import java.util.Properties;

import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.springframework.context.SmartLifecycle;

/**
 * One Kafka consumer on a thread of its own, started and stopped with the application: {@code stop()} wakes the
 * poll and waits for the loop to close its consumer. The readers of this service's own topics (the open-findings
 * fold, the timeline facts relay) are such loops; what they read, and from where, is theirs.
 */
public abstract class ConsumerLoop implements SmartLifecycle {

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

	private final String threadName;

	private final Properties config;

	private volatile boolean running;

	private volatile KafkaConsumer<String, byte[]> consumer;

	private Thread thread;

	protected ConsumerLoop(String threadName, Properties config) {
		this.threadName = threadName;
		this.config = config;
	}

	/** Runs on the loop's thread until {@link #running()} turns false (or throws). */
	protected abstract void loop(KafkaConsumer<String, byte[]> kafka);

	/** The loop ended with this error; the consumer is closed. */
	protected abstract void failed(RuntimeException ex);

	protected final boolean running() {
		return this.running;
	}

	@Override
	public void start() {
		this.running = true;
		this.thread = new Thread(this::run, this.threadName);
		this.thread.setDaemon(true);
		this.thread.start();
	}

	@Override
	public void stop() {
		this.running = false;
		KafkaConsumer<String, byte[]> current = this.consumer;
		if (current != null) {
			current.wakeup();
		}
		if (this.thread != null) {
			try {
				this.thread.join(STOP_TIMEOUT.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	private void run() {
		try (KafkaConsumer<String, byte[]> kafka = new KafkaConsumer<>(this.config, new StringDeserializer(),
				new ByteArrayDeserializer())) {
			this.consumer = kafka;
			loop(kafka);
		}
		catch (WakeupException ex) {
			// stop() woke the poll
		}
		catch (RuntimeException ex) {
			failed(ex);
		}
		finally {
			this.consumer = null;
			this.running = false;
		}
	}

}
