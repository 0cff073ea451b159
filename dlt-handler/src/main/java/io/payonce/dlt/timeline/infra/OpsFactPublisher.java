package io.payonce.dlt.timeline.infra;

import java.time.Instant;
import java.util.Map;

import io.payonce.contract.TimelineFact;
import io.payonce.dlt.timeline.FactPublisher;
import io.payonce.ops.timeline.TimelinePublisher;

/**
 * The handler's facts through the one publisher every service shares (module {@code ops}): keyed by orderNo to
 * {@code pay.timeline}, never blocking or failing the operator's action, counted when lost. The fact keeps the time
 * the handler acted (the replay's audit time), the handler's identity and the payment's trace.
 */
public final class OpsFactPublisher implements FactPublisher {

	private final TimelinePublisher publisher;

	public OpsFactPublisher(TimelinePublisher publisher) {
		this.publisher = publisher;
	}

	@Override
	public void publish(String orderNo, Instant at, TimelineFact.Step step, String decision, String traceId,
			Map<String, String> detail) {
		this.publisher.publish(new TimelineFact(orderNo, at, this.publisher.identity().service(),
				this.publisher.identity().instance(), step, decision, traceId, detail));
	}

}
