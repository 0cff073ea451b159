package io.payonce.dlt.timeline;

import java.time.Instant;
import java.util.Map;

import io.payonce.contract.TimelineFact;

/**
 * Where this service tells the ops timeline what it did about an order (a port; the adapter writes
 * {@code pay.timeline}). Called after what the fact reports has happened; it never fails its caller: a fact is
 * forensics, and an operator's replay must not fail because its line on the timeline could not be written (the
 * adapter logs that instead).
 */
public interface FactPublisher {

	/** For a service (or a test) that publishes nothing. */
	FactPublisher NONE = (orderNo, at, step, decision, traceId, detail) -> {
	};

	void publish(String orderNo, Instant at, TimelineFact.Step step, String decision, String traceId,
			Map<String, String> detail);

}
