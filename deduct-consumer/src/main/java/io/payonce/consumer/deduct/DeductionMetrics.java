package io.payonce.consumer.deduct;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.consumer.deduct.domain.Decision;
import io.payonce.consumer.deduct.domain.DuplicateLayer;
import io.payonce.consumer.deduct.domain.Outcome;

/**
 * {@code payonce.consumer.deliveries{outcome=FIRST|DUPLICATE|DUPLICATE_PAYMENT|CONFLICT|RETRY|TERMINAL, layer=...}},
 * {@code payonce.consumer.degraded} and the gauge {@code payonce.consumer.duplicate.ratio} (duplicates over
 * all answered deliveries since start). A rising ratio means redelivery storms; a DEGRADED count means
 * Redis is being bypassed under the OPEN policy. DUPLICATE_PAYMENT is not a duplicate delivery but a second platform
 * payment, money owed back: it has its own outcome and stays out of the ratio. Its counter is registered at zero on
 * start, because the alert on it ({@code PayonceDuplicatePaymentFoundByLedger}) uses {@code increase()}, which
 * cannot see a series whose first sample is already 1.
 */
public class DeductionMetrics {

	static final String DELIVERIES = "payonce.consumer.deliveries";

	/** "none" and every {@link DuplicateLayer}. */
	private static final int LAYERS = DuplicateLayer.values().length + 1;

	private final MeterRegistry registry;

	private final Counter degraded;

	private final AtomicLong answered = new AtomicLong();

	private final AtomicLong duplicates = new AtomicLong();

	/**
	 * The counter of each outcome and layer, registered on first use (so no series is exported before it happens,
	 * except DUPLICATE_PAYMENT's), then found by index: {@link #record} runs for every record, and looking a counter
	 * up by a built string key cost a concatenation and a hash lookup each time.
	 */
	private final AtomicReferenceArray<Counter> deliveries = new AtomicReferenceArray<>(
			Outcome.values().length * LAYERS);

	public DeductionMetrics(MeterRegistry registry) {
		this.registry = registry;
		this.degraded = Counter.builder("payonce.consumer.degraded")
			.description("Deliveries handled without Redis under the OPEN policy")
			.register(registry);
		Gauge.builder("payonce.consumer.duplicate.ratio", this, DeductionMetrics::duplicateRatio)
			.description("Share of deliveries that were duplicates")
			.register(registry);
		deliveries(Outcome.DUPLICATE_PAYMENT, null);
	}

	public void record(Decision decision) {
		deliveries(decision.outcome(), decision.layer().orElse(null)).increment();
		this.answered.incrementAndGet();
		if (decision.outcome() == Outcome.DUPLICATE) {
			this.duplicates.incrementAndGet();
		}
		if (decision.degraded()) {
			this.degraded.increment();
		}
	}

	/** A record that never became a payment (unreadable, unknown type). */
	public void recordUnreadable() {
		deliveries(Outcome.TERMINAL, null).increment();
		this.answered.incrementAndGet();
	}

	/** Registered once per outcome and layer ({@code null}: "none"), then found by index. */
	private Counter deliveries(Outcome outcome, DuplicateLayer layer) {
		int index = outcome.ordinal() * LAYERS + ((layer == null) ? 0 : layer.ordinal() + 1);
		Counter counter = this.deliveries.get(index);
		if (counter == null) {
			// the registry returns the one counter of these tags, so two threads racing here share it
			counter = Counter.builder(DELIVERIES)
				.tag("outcome", outcome.name())
				.tag("layer", (layer == null) ? "none" : layer.tag())
				.register(this.registry);
			this.deliveries.set(index, counter);
		}
		return counter;
	}

	double duplicateRatio() {
		long total = this.answered.get();
		return (total == 0) ? 0.0 : (double) this.duplicates.get() / total;
	}

}
