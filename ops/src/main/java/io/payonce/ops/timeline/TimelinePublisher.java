package io.payonce.ops.timeline;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.contract.TimelineFact;
import io.payonce.contract.TimelineFactCodec;
import io.payonce.contract.Topic;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one way every service publishes what it did about an order to {@link Topic#PAY_TIMELINE} (issue 17): key =
 * orderNo, value = {@link TimelineFactCodec#encode}. A fact is forensics, never control ({@link TimelineFact}), so
 * publishing it must never cost the payment anything:
 * <ul>
 * <li>{@code publish} only stamps the fact (time, service, instance, trace id) and hands it to one sender thread
 * through a bounded queue: the caller never waits for the broker, not even for its metadata.</li>
 * <li>Nothing is thrown to the caller. A fact that finds the queue full, or that the producer cannot deliver within
 * its delivery timeout, is counted ({@code payonce_timeline_facts_total{service,result="failed"}}) and the burst is
 * logged once ({@link BurstLog}); the producer's own retries are the only retries, so an outage never becomes a
 * crash loop or a growing backlog.</li>
 * <li>One sender thread: the facts of one instance reach the topic in the order the instance acted.</li>
 * <li>Switched off ({@code payonce.timeline.enabled=false}) it creates no producer and sends nothing.</li>
 * </ul>
 * Call it after the act is durable (after the commit, after the answer is decided): the timeline must never show
 * what did not happen.
 */
public final class TimelinePublisher implements AutoCloseable {

	/** The Prometheus name is {@code payonce_timeline_facts_total}. */
	public static final String FACTS_METER = "payonce.timeline.facts";

	private static final Logger log = LoggerFactory.getLogger(TimelinePublisher.class);

	private final PublisherIdentity identity;

	private final Clock clock;

	private final Supplier<String> currentTraceId;

	private final Supplier<Producer<String, byte[]>> producerFactory;

	private final Duration closeTimeout;

	private final ThreadPoolExecutor sender;

	private final Counter sent;

	private final Counter failed;

	private final BurstLog burstLog;

	/** Created by the sender thread on the first fact, so a service that publishes none opens no connection. */
	private Producer<String, byte[]> producer;

	/**
	 * @param producerFactory creates the producer, called once on the sender thread
	 * @param currentTraceId the trace id of the caller's current span, or {@code null}; called on the caller's thread
	 */
	public TimelinePublisher(PublisherIdentity identity, TimelineProperties settings,
			Supplier<Producer<String, byte[]>> producerFactory, Supplier<String> currentTraceId, Clock clock,
			MeterRegistry meters) {
		this.identity = identity;
		this.clock = clock;
		this.currentTraceId = currentTraceId;
		this.producerFactory = producerFactory;
		this.closeTimeout = settings.maxBlock().plusSeconds(3);
		this.burstLog = new BurstLog(clock, settings.failureLogInterval());
		this.sent = Counter.builder(FACTS_METER)
			.description("Timeline facts published to pay.timeline, by result")
			.tag("service", identity.service())
			.tag("result", "sent")
			.register(meters);
		this.failed = Counter.builder(FACTS_METER)
			.description("Timeline facts published to pay.timeline, by result")
			.tag("service", identity.service())
			.tag("result", "failed")
			.register(meters);
		if (settings.enabled()) {
			this.sender = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
					new ArrayBlockingQueue<>(settings.queueCapacity()), (task) -> {
						Thread thread = new Thread(task, "payonce-timeline-sender");
						thread.setDaemon(true);
						return thread;
					});
			Gauge.builder("payonce.timeline.queue", this.sender, (executor) -> executor.getQueue().size())
				.description("Timeline facts waiting for the sender thread")
				.tag("service", identity.service())
				.register(meters);
		}
		else {
			this.sender = null;
		}
	}

	public PublisherIdentity identity() {
		return this.identity;
	}

	public boolean enabled() {
		return this.sender != null;
	}

	/** The trace id of the caller's current span (32 hex), or {@code null} without one. */
	public String currentTraceId() {
		String traceId = this.currentTraceId.get();
		return (traceId == null || traceId.isBlank()) ? null : traceId;
	}

	/** Publishes a fact stamped now, by this instance, in the caller's current trace. */
	public void publish(String orderNo, TimelineFact.Step step, String decision, Map<String, String> detail) {
		publish(orderNo, step, decision, currentTraceId(), detail);
	}

	/**
	 * Publishes a fact stamped now, by this instance, in the given trace (for a caller that acts for a record whose
	 * span is not current, e.g. the consumer deciding a whole poll).
	 */
	public void publish(String orderNo, TimelineFact.Step step, String decision, String traceId,
			Map<String, String> detail) {
		if (this.sender == null) {
			return;
		}
		publish(new TimelineFact(orderNo, this.clock.instant(), this.identity.service(), this.identity.instance(),
				step, decision, traceId, detail));
	}

	/** Publishes a fact as it is. */
	public void publish(TimelineFact fact) {
		if (this.sender == null) {
			return;
		}
		try {
			this.sender.execute(() -> send(fact));
		}
		catch (RejectedExecutionException ex) {
			failed(fact, "the queue of waiting facts is full, or the publisher is closed", null);
		}
	}

	/** On the sender thread only. */
	private void send(TimelineFact fact) {
		try {
			if (this.producer == null) {
				this.producer = this.producerFactory.get();
			}
			this.producer.send(new ProducerRecord<>(Topic.PAY_TIMELINE.topicName(), fact.orderNo(),
					TimelineFactCodec.encode(fact)), (metadata, error) -> {
						if (error == null) {
							sentOne();
						}
						else {
							failed(fact, "the broker did not take it", error);
						}
					});
		}
		catch (RuntimeException ex) {
			// metadata or buffer not available within max-block, a closed producer, a producer that cannot be
			// created: this fact is lost, counted, and the next one tries again
			failed(fact, "the producer did not accept it", ex);
		}
	}

	private void sentOne() {
		this.sent.increment();
		long unlogged = this.burstLog.recovered();
		if (unlogged > 0) {
			log.warn("Timeline facts are sent again to {}; {} more failed since the last warning",
					Topic.PAY_TIMELINE.topicName(), unlogged);
		}
	}

	private void failed(TimelineFact fact, String why, Throwable error) {
		this.failed.increment();
		long suppressed = this.burstLog.failed();
		if (suppressed >= 0) {
			// one line per burst: the payment itself is unaffected, only its timeline has a gap
			log.warn("Timeline fact {} {} for order {} not published to {}: {}{}{}; failures are counted in {} and "
					+ "logged at most once per interval", fact.step(), fact.decision(), fact.orderNo(),
					Topic.PAY_TIMELINE.topicName(), why, (error != null) ? " (" + error + ")" : "",
					(suppressed > 0) ? ", " + suppressed + " more since the last warning" : "", FACTS_METER);
		}
	}

	/** Sends what is queued, waiting a bounded time, then closes the producer. */
	@Override
	public void close() {
		if (this.sender == null) {
			return;
		}
		this.sender.shutdown();
		try {
			if (!this.sender.awaitTermination(this.closeTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
				log.warn("Timeline publisher closed with {} facts unsent", this.sender.shutdownNow().size());
			}
		}
		catch (InterruptedException ex) {
			this.sender.shutdownNow();
			Thread.currentThread().interrupt();
		}
		// the sender thread has ended (or been abandoned): no one else touches the producer now
		if (this.producer != null) {
			this.producer.close(this.closeTimeout);
		}
	}

}
