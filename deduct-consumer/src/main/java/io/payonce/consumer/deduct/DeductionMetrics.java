package io.payonce.consumer.deduct;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

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

	private final MeterRegistry registry;

	private final Counter degraded;

	private final AtomicLong answered = new AtomicLong();

	private final AtomicLong duplicates = new AtomicLong();

	private final Map<String, Counter> deliveries = new ConcurrentHashMap<>();

	public DeductionMetrics(MeterRegistry registry) {
		this.registry = registry;
		this.degraded = Counter.builder("payonce.consumer.degraded")
			.description("Deliveries handled without Redis under the OPEN policy")
			.register(registry);
		Gauge.builder("payonce.consumer.duplicate.ratio", this, DeductionMetrics::duplicateRatio)
			.description("Share of deliveries that were duplicates")
			.register(registry);
		deliveries(Outcome.DUPLICATE_PAYMENT, "none");
	}

	public void record(Decision decision) {
		String layer = decision.layer().map(DuplicateLayer::tag).orElse("none");
		deliveries(decision.outcome(), layer).increment();
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
		deliveries(Outcome.TERMINAL, "none").increment();
		this.answered.incrementAndGet();
	}

	/** Registered once per outcome and layer, then looked up (this runs for every record). */
	private Counter deliveries(Outcome outcome, String layer) {
		return this.deliveries.computeIfAbsent(outcome.name() + "/" + layer, (key) -> Counter.builder(DELIVERIES)
			.tag("outcome", outcome.name())
			.tag("layer", layer)
			.register(this.registry));
	}

	double duplicateRatio() {
		long total = this.answered.get();
		return (total == 0) ? 0.0 : (double) this.duplicates.get() / total;
	}

}
