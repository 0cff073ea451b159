/**
 * Duplicate payments: money we owe back. A payment platform that charges a user twice for one order (a second
 * payNo) is answered {@code DUPLICATE_PAYMENT} by the gateway, or found by the deduct consumer when the order is
 * already paid by another payNo; either way a {@code DuplicatePayment} lands on {@code pay.refund-required}. This
 * package keeps the console's view of them ({@link io.payonce.dlt.refund.DuplicatePaymentIndex}) and the one
 * operator action on them ({@link io.payonce.dlt.refund.RefundService}): OPEN → REFUNDED, after the operator
 * refunded the payment at the platform; PayOnce records that it happened, it does not move money.
 *
 * <p>
 * Where the state lives. The topic {@code pay.refund-required} is the source of truth for what is owed; it is read
 * from the beginning at every start, and an entry is identified by the duplicate payNo, so the same event read
 * twice, redelivered, or reported by both detectors is one entry. The operators' decisions are records of a
 * compacted topic of their own (one partition, key = payNo), written before the console answers and read from
 * the beginning at every start: REFUNDED survives a restart, is the same on every handler instance and does not
 * depend on the audit trail (the terminal records' decisions live in the shared audit trail topic). The audit trail
 * still gets an entry for every action (who, when, note, result), as for replays.
 *
 * <p>
 * Plain Java (checked by {@code NoFrameworkInDomainLogicTest}); Kafka in {@code kafka}, wiring and gauges in
 * {@code infra}, the HTTP API beside the console's other endpoints in {@code console.web}.
 */
package io.payonce.dlt.refund;
