package io.payonce.contract;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/**
 * One thing one service did about one order, for the ops timeline ({@code GET /api/v1/timeline/{orderNo}}).
 * Published by the service as it acts to {@link Topic#PAY_TIMELINE}, key = orderNo, JSON by
 * {@link TimelineFactCodec}. The timeline is materialised from these facts and from the records the pipeline's own
 * topics already carry (the materialiser turns each of those into a fact too, so the store holds one shape).
 * <p>
 * What must be true about a fact, and why:
 * <ul>
 * <li>A fact is published <em>after</em> what it reports has happened (committed, answered, sent): the timeline
 * never shows what did not happen. The transactional facts (a payment accepted, a deduction committed, a duplicate
 * payment recorded) are not published as facts at all: they are the outbox events on {@code pay.success},
 * {@code pay.deducted} and {@code pay.refund-required}, exactly once per fact.</li>
 * <li>A fact is forensics, never control: no service decides anything from this topic. Losing one (the service
 * died between acting and publishing) leaves a gap in the story, never a wrong balance; the same fact twice (a
 * redelivery decided twice) is two lines, each true.</li>
 * <li>{@link #detail} holds the step's own attributes as plain strings (for example {@code guard},
 * {@code reason}, {@code attempt}, {@code tier}, {@code balanceAfter}, {@code topic}/{@code partition}/
 * {@code offset}); a reader shows what it does not know as it is.</li>
 * </ul>
 *
 * @param orderNo the order (byte-exact), the record key
 * @param at when the service acted (its clock)
 * @param service the publishing service, for example {@code producer-gateway}
 * @param instance the publishing instance (host name or pod), so two instances' lines can be told apart
 * @param step what kind of step this is
 * @param decision the step's outcome in upper case, for example {@code ACCEPTED}, {@code DUPLICATE},
 * {@code RETRY}; empty when the step has none
 * @param traceId the W3C trace id (32 hex) the service acted in, or {@code null}
 * @param detail the step's attributes, never {@code null} (empty map instead)
 */
public record TimelineFact(String orderNo, Instant at, String service, String instance, Step step, String decision,
		String traceId, Map<String, String> detail) {

	public TimelineFact {
		Objects.requireNonNull(orderNo, "orderNo");
		Objects.requireNonNull(at, "at");
		Objects.requireNonNull(service, "service");
		Objects.requireNonNull(step, "step");
		instance = (instance != null) ? instance : "";
		decision = (decision != null) ? decision : "";
		detail = (detail != null) ? Map.copyOf(detail) : Map.of();
	}

	/** The kinds of step a timeline shows, in the order a payment usually meets them. */
	public enum Step {

		/** The gateway answered a platform callback (decision: the answer, for example ACCEPTED, DUPLICATE). */
		CALLBACK,

		/** The relay published the payment's outbox event (from the {@code pay.success} record itself). */
		RELAYED,

		/** The deduct consumer decided one delivery (FIRST, DUPLICATE with its guard, CONFLICT, RETRY, TERMINAL). */
		DELIVERY,

		/** The deduction committed (from the {@code pay.deducted} record: amount, flow). */
		DEDUCTED,

		/** A second platform payment for the order, to refund (from the {@code pay.refund-required} record). */
		DUPLICATE_PAYMENT,

		/** The retry ladder took a failed delivery into a tier (detail: tier, reason, due). */
		RETRY_HELD,

		/** The retry ladder sent it back to the consumer after its backoff. */
		RETRY_RELEASED,

		/** The record reached the terminal topic (from the {@code pay.success.terminal} record: reason). */
		TERMINAL,

		/** An operator replayed the terminal record, or dry-ran a replay (detail: who, dryRun, replayId). */
		REPLAY,

		/** Reconciliation raised a finding, or settled one (decision: OPEN or SETTLED; detail: kind). */
		FINDING,

		/** Reconciliation posted a reversal of a deduction. */
		REVERSAL,

		/** A step published by a newer service that this reader does not know yet. */
		@JsonEnumDefaultValue
		OTHER

	}

}
