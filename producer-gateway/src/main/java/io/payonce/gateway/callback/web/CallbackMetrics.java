package io.payonce.gateway.callback.web;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * Counter {@code payonce.gateway.callbacks} with tags {@code result} (accepted, duplicate, duplicate_payment,
 * conflict, rejected, unavailable) and {@code reason} (for rejections: signature_missing, signature_malformed,
 * signature_mismatch, signature_stale, signature_future, body_too_large, malformed_json, invalid_field; otherwise
 * none). Counter {@code payonce.gateway.duplicate.payments}: second platform payments recorded, one per duplicate
 * payNo (its repeated callbacks are not counted again); the alert {@code PayonceDuplicatePayment} fires on its
 * increase. It is registered at start, so that its first increase is an increase from 0, which Prometheus'
 * {@code increase()} sees, not the appearance of a new series, which it does not.
 */
@Component
class CallbackMetrics {

	static final String NAME = "payonce.gateway.callbacks";

	static final String DUPLICATE_PAYMENTS = "payonce.gateway.duplicate.payments";

	private final MeterRegistry registry;

	private final Counter duplicatePayments;

	/**
	 * Each result and reason's counter, registered when first counted (a series appears with its first callback, as
	 * before) and then reused: looking it up in the registry built, sorted and hashed its id on every callback
	 * (issue 19). Bounded: the results and reasons are the fixed names above.
	 */
	private final Map<String, Counter> counters = new ConcurrentHashMap<>();

	CallbackMetrics(MeterRegistry registry) {
		this.registry = registry;
		this.duplicatePayments = Counter.builder(DUPLICATE_PAYMENTS)
			.description("Second platform payments for an order (new payNo) recorded as money owed back")
			.register(registry);
	}

	void accepted() {
		count("accepted", "none");
	}

	void duplicate() {
		count("duplicate", "none");
	}

	/** @param recorded this callback recorded the second payment (not a repetition of it) */
	void duplicatePayment(boolean recorded) {
		count("duplicate_payment", "none");
		if (recorded) {
			this.duplicatePayments.increment();
		}
	}

	void conflict() {
		count("conflict", "none");
	}

	void rejected(String reason) {
		count("rejected", reason);
	}

	void unavailable() {
		count("unavailable", "none");
	}

	private void count(String result, String reason) {
		this.counters
			.computeIfAbsent(result + ' ' + reason, (key) -> Counter.builder(NAME)
				.description("Payment callbacks by outcome")
				.tag("result", result)
				.tag("reason", reason)
				.register(this.registry))
			.increment();
	}

}
