package io.payonce.consumer.deduct.domain;

import java.time.Instant;
import java.util.List;

import io.payonce.contract.PaySuccess;
import io.payonce.contract.TraceContext;

/**
 * The trade database, the authoritative guard. For each payment the order CAS INIT→PAID, the flow insert
 * under {@code uk_biz_no_type}, the conditional balance update and the {@code PayDeducted} outbox row
 * commit together or not at all.
 * <p>
 * Any exception means the database could not give an answer (unreachable, deadlock, timeout): nothing was
 * committed and the deliveries must be retried in place.
 */
public interface Ledger {

	/**
	 * Several payments in one transaction: each payment's writes are all-or-nothing within it (a payment that
	 * fails, say for the balance, leaves no write behind), and the transaction commits all the others at
	 * once — one durable commit for the whole poll instead of one per record.
	 *
	 * @return the result of each payment, in the order given
	 */
	List<LedgerResult> deductAll(List<PaySuccess> payments, Instant now);

	/**
	 * As {@link #deductAll(List, Instant)}, each {@code PayDeducted} written with the trace context of the delivery
	 * that deducted it ({@code traces}, in the order of {@code payments}), so the event continues the payment's
	 * trace. A ledger that keeps no trace context ignores them.
	 */
	default List<LedgerResult> deductAll(List<PaySuccess> payments, List<TraceContext> traces, Instant now) {
		return deductAll(payments, now);
	}

}
