package io.payonce.dlt.refund.infra;

import java.time.Clock;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.dlt.refund.DuplicatePaymentIndex;

/**
 * Gauges of what is owed back, for the Prometheus rules {@code PayonceDuplicatePaymentsOpen} and
 * {@code PayonceDuplicatePaymentOwedForADay}: {@code payonce.dlt.duplicate.payments.open} (OPEN entries, both
 * detectors) and {@code payonce.dlt.duplicate.payments.oldest.open.age} (seconds since the oldest OPEN one was
 * detected).
 */
public final class DuplicatePaymentGauges {

	public static final String OPEN = "payonce.dlt.duplicate.payments.open";

	public static final String OLDEST_OPEN_AGE = "payonce.dlt.duplicate.payments.oldest.open.age";

	public DuplicatePaymentGauges(DuplicatePaymentIndex index, Clock clock, MeterRegistry registry) {
		Gauge.builder(OPEN, index, (i) -> i.owed(clock.instant()).open())
			.description("Duplicate payments owed back (OPEN, not yet refunded)")
			.register(registry);
		Gauge.builder(OLDEST_OPEN_AGE, index, (i) -> i.owed(clock.instant()).oldestAge().toMillis() / 1000.0)
			.description("Age of the oldest duplicate payment still owed back")
			.baseUnit("seconds")
			.register(registry);
	}

}
