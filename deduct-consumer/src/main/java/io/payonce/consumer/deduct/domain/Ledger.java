package io.payonce.consumer.deduct.domain;

import java.time.Instant;

import io.payonce.contract.PaySuccess;

/**
 * The trade database, the authoritative guard. One call is one transaction: the order CAS INIT→PAID, the
 * flow insert under {@code uk_biz_no_type}, the conditional balance update and the {@code PayDeducted}
 * outbox row commit together or not at all.
 * <p>
 * Any exception means the database could not give an answer (unreachable, deadlock, timeout): nothing was
 * committed and the delivery must be retried in place.
 */
public interface Ledger {

	LedgerResult deduct(PaySuccess payment, Instant now);

}
