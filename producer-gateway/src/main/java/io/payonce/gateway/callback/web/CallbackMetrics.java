package io.payonce.gateway.callback.web;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.stereotype.Component;

/**
 * Counter {@code payonce.gateway.callbacks} with tags {@code result} (accepted, duplicate, conflict, rejected,
 * unavailable) and {@code reason} (for rejections: signature_missing, signature_malformed, signature_mismatch,
 * signature_stale, signature_future, body_too_large, malformed_json, invalid_field; otherwise none).
 */
@Component
class CallbackMetrics {

	static final String NAME = "payonce.gateway.callbacks";

	private final MeterRegistry registry;

	CallbackMetrics(MeterRegistry registry) {
		this.registry = registry;
	}

	void accepted() {
		count("accepted", "none");
	}

	void duplicate() {
		count("duplicate", "none");
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
		Counter.builder(NAME)
			.description("Payment callbacks by outcome")
			.tag("result", result)
			.tag("reason", reason)
			.register(this.registry)
			.increment();
	}

}
