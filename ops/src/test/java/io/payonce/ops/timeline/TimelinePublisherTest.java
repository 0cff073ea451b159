package io.payonce.ops.timeline;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.payonce.contract.TimelineFact;
import io.payonce.contract.TimelineFact.Step;
import io.payonce.contract.TimelineFactCodec;
import io.payonce.contract.Topic;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.awaitility.Awaitility.await;

/**
 * What the publisher does with a fact, against Kafka's own in-memory producer (no broker: these are the rules, the
 * services' ITs send to the real one).
 */
class TimelinePublisherTest {

	private static final Instant NOW = Instant.parse("2026-12-01T00:00:00Z");

	private static final PublisherIdentity GATEWAY = new PublisherIdentity("producer-gateway", "gw-1");

	private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

	private final Clock clock = Clock.fixed(NOW, ZoneOffset.UTC);

	private TimelinePublisher publisher;

	@AfterEach
	void close() {
		if (this.publisher != null) {
			this.publisher.close();
		}
	}

	@Test
	void aFactGoesToPayTimelineKeyedByOrderNoStampedByThisInstanceInTheCurrentTrace() {
		MockProducer<String, byte[]> producer = autoCompleting();
		this.publisher = publisher(TimelineProperties.defaults(), producer, () -> "4bf92f3577b34da6a3ce929d0e0e4736");

		this.publisher.publish("ORD-1", Step.CALLBACK, "ACCEPTED", Map.of("payNo", "PAY-1"));

		await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 1);
		ProducerRecord<String, byte[]> record = producer.history().get(0);
		assertThat(record.topic()).isEqualTo(Topic.PAY_TIMELINE.topicName());
		assertThat(record.key()).isEqualTo("ORD-1");
		assertThat(TimelineFactCodec.decode(record.value())).isEqualTo(new TimelineFact("ORD-1", NOW,
				"producer-gateway", "gw-1", Step.CALLBACK, "ACCEPTED", "4bf92f3577b34da6a3ce929d0e0e4736",
				Map.of("payNo", "PAY-1")));
		await().atMost(Duration.ofSeconds(5)).until(() -> count("sent") == 1.0);
	}

	@Test
	void anExplicitTraceIdWinsAndABlankCurrentOneIsNone() {
		MockProducer<String, byte[]> producer = autoCompleting();
		this.publisher = publisher(TimelineProperties.defaults(), producer, () -> "");

		this.publisher.publish("ORD-1", Step.DELIVERY, "FIRST", "0af7651916cd43dd8448eb211c80319c", Map.of());
		this.publisher.publish("ORD-1", Step.DELIVERY, "DUPLICATE", Map.of("guard", "redis"));

		await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 2);
		List<TimelineFact> facts = producer.history().stream().map((r) -> TimelineFactCodec.decode(r.value())).toList();
		assertThat(facts).extracting(TimelineFact::decision).containsExactly("FIRST", "DUPLICATE");
		assertThat(facts).extracting(TimelineFact::traceId).containsExactly("0af7651916cd43dd8448eb211c80319c", null);
	}

	@Test
	void aFailedSendIsCountedNeverThrownAndTheNextFactIsSentAgain() {
		MockProducer<String, byte[]> producer = new MockProducer<>(false, null, new StringSerializer(),
				new ByteArraySerializer());
		this.publisher = publisher(TimelineProperties.defaults(), producer, () -> null);

		this.publisher.publish("ORD-1", Step.CALLBACK, "ACCEPTED", Map.of());
		await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 1);
		assertThat(producer.errorNext(new TimeoutException("broker down"))).isTrue();
		this.publisher.publish("ORD-2", Step.CALLBACK, "ACCEPTED", Map.of());
		await().atMost(Duration.ofSeconds(5)).until(() -> producer.history().size() == 2);
		assertThat(producer.completeNext()).isTrue();

		await().atMost(Duration.ofSeconds(5)).until(() -> count("failed") == 1.0 && count("sent") == 1.0);
	}

	@Test
	void aProducerThatThrowsOnSendCostsTheCallerNothing() {
		MockProducer<String, byte[]> producer = autoCompleting();
		producer.sendException = new TimeoutException("Topic pay.timeline not present in metadata after 2000 ms");
		this.publisher = publisher(TimelineProperties.defaults(), producer, () -> null);

		assertThatCode(() -> this.publisher.publish("ORD-1", Step.CALLBACK, "ACCEPTED", Map.of()))
			.doesNotThrowAnyException();

		await().atMost(Duration.ofSeconds(5)).until(() -> count("failed") == 1.0);
		assertThat(count("sent")).isZero();
	}

	@Test
	void aFullQueueDropsTheFactAtOnceInsteadOfMakingTheCallerWait() throws InterruptedException {
		CountDownLatch release = new CountDownLatch(1);
		AtomicInteger created = new AtomicInteger();
		TimelineProperties settings = new TimelineProperties(true, null, null, 1, null, null, null);
		// given a sender thread held while it creates its producer, and a queue of one
		this.publisher = new TimelinePublisher(GATEWAY, settings, () -> {
			created.incrementAndGet();
			awaitQuietly(release);
			return autoCompleting();
		}, () -> null, this.clock, this.meters);
		this.publisher.publish("ORD-1", Step.CALLBACK, "ACCEPTED", Map.of());
		await().atMost(Duration.ofSeconds(5)).until(() -> created.get() == 1);
		this.publisher.publish("ORD-2", Step.CALLBACK, "ACCEPTED", Map.of());

		// when a third fact comes while the first is held and the second waits
		this.publisher.publish("ORD-3", Step.CALLBACK, "ACCEPTED", Map.of());

		// then it was refused on the caller's thread, counted, and the others still go out
		assertThat(count("failed")).isEqualTo(1.0);
		release.countDown();
		await().atMost(Duration.ofSeconds(5)).until(() -> count("sent") == 2.0);
	}

	@Test
	void switchedOffItCreatesNoProducerAndSendsNothing() {
		AtomicInteger created = new AtomicInteger();
		TimelineProperties off = new TimelineProperties(false, null, null, null, null, null, null);
		this.publisher = new TimelinePublisher(GATEWAY, off, () -> {
			created.incrementAndGet();
			return autoCompleting();
		}, () -> null, this.clock, this.meters);

		this.publisher.publish("ORD-1", Step.CALLBACK, "ACCEPTED", Map.of());
		this.publisher.close();

		assertThat(this.publisher.enabled()).isFalse();
		assertThat(created).hasValue(0);
		assertThat(count("sent") + count("failed")).isZero();
	}

	@Test
	void closeSendsWhatIsQueuedAndClosesTheProducer() {
		MockProducer<String, byte[]> producer = autoCompleting();
		this.publisher = publisher(TimelineProperties.defaults(), producer, () -> null);
		for (int i = 0; i < 100; i++) {
			this.publisher.publish("ORD-" + i, Step.CALLBACK, "ACCEPTED", Map.of());
		}

		this.publisher.close();

		assertThat(producer.history()).hasSize(100);
		assertThat(producer.closed()).isTrue();
	}

	private TimelinePublisher publisher(TimelineProperties settings, MockProducer<String, byte[]> producer,
			java.util.function.Supplier<String> traceId) {
		return new TimelinePublisher(GATEWAY, settings, () -> producer, traceId, this.clock, this.meters);
	}

	private static MockProducer<String, byte[]> autoCompleting() {
		return new MockProducer<>(true, null, new StringSerializer(), new ByteArraySerializer());
	}

	private double count(String result) {
		return this.meters.get(TimelinePublisher.FACTS_METER).tag("result", result).counter().count();
	}

	private static void awaitQuietly(CountDownLatch latch) {
		try {
			latch.await(10, TimeUnit.SECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

}
