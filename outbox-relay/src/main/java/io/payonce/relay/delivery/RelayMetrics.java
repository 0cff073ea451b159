package io.payonce.relay.delivery;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

/**
 * The relay's meters: {@code payonce.relay.events.relayed} (per topic), {@code payonce.relay.send.retries},
 * {@code payonce.relay.send.latency} (send to broker acknowledgement), {@code payonce.relay.transaction.commit}
 * (one batch's commit), {@code payonce.relay.fenced} and {@code payonce.relay.lag} (binlog time of the outbox
 * insert to the commit of its transaction).
 */
public class RelayMetrics {

	private final MeterRegistry registry;

	private final Counter retries;

	private final Timer sendLatency;

	private final Timer lag;

	private final Timer commitLatency;

	private final Counter fenced;

	public RelayMetrics(MeterRegistry registry) {
		this.registry = registry;
		this.retries = Counter.builder("payonce.relay.send.retries")
			.description("Records sent again after a failed send")
			.register(registry);
		this.sendLatency = Timer.builder("payonce.relay.send.latency")
			.description("From send to broker acknowledgement (acks=all)")
			.publishPercentiles(0.5, 0.99)
			.register(registry);
		this.lag = Timer.builder("payonce.relay.lag")
			.description("From the outbox insert in the binlog to the commit of its transaction")
			.publishPercentiles(0.5, 0.99)
			.register(registry);
		this.commitLatency = Timer.builder("payonce.relay.transaction.commit")
			.description("commitTransaction() of one batch: flush, acknowledgements and the commit markers")
			.publishPercentiles(0.5, 0.99)
			.register(registry);
		this.fenced = Counter.builder("payonce.relay.fenced")
			.description("Terms ended because a newer relay producer fenced this one")
			.register(registry);
	}

	void relayed(String topic) {
		Counter.builder("payonce.relay.events.relayed")
			.description("Outbox events acknowledged by Kafka")
			.tag("topic", topic)
			.register(this.registry)
			.increment();
	}

	void retried(int count) {
		this.retries.increment(count);
	}

	void sendLatency(long nanos) {
		this.sendLatency.record(nanos, TimeUnit.NANOSECONDS);
	}

	void commitLatency(long nanos) {
		this.commitLatency.record(nanos, TimeUnit.NANOSECONDS);
	}

	void fenced() {
		this.fenced.increment();
	}

	void lag(Duration lag) {
		this.lag.record(lag.isNegative() ? Duration.ZERO : lag);
	}

}
