/**
 * Callback intake, by role: {@code domain} holds the rules in plain Java (signature, validation, the
 * exactly-once decision and its ports), {@code jdbc} the MariaDB adapters, {@code web} the HTTP edge.
 * <p>
 * Order of checks on {@code POST /api/v1/callbacks/pay}, each before the next can cost anything:
 * <ol>
 * <li>size: Content-Length and a bounded read ({@code payonce.gateway.max-body-size}) → 413;</li>
 * <li>signature over the raw bytes, Stripe-style, several secrets, clock-checked tolerance → 401. The body is
 * read as bytes by the controller itself: any framework conversion before the HMAC would sign something other
 * than what was sent;</li>
 * <li>JSON and field rules → 400 naming the field;</li>
 * <li>one transaction: {@code t_payment} + {@code t_outbox} → 200 ACCEPTED, DUPLICATE (counted in
 * {@code duplicate_count}), DUPLICATE_PAYMENT (another payNo's SUCCESS for an order whose payment succeeded:
 * its own row, one {@code DuplicatePayment} to {@code pay.refund-required}), or 409 for the same payNo with other
 * content.</li>
 * </ol>
 * Statuses other than {@code SUCCESS} (e.g. {@code CLOSED}, {@code PROCESSING}) are recorded in
 * {@code t_payment} and answered ACCEPTED, but write no outbox event: nothing downstream may deduct for them.
 * If the platform later reports SUCCESS for the same payment, that callback writes its one event. A status
 * that moves away from SUCCESS is a 409: money is never "un-published" by a callback.
 * <p>
 * <b>Duplicate payments.</b> A second platform payment for an order (the platform charged the user twice) used to
 * be a 409 that recorded nothing: the platform retried for a day and the charge existed nowhere in our books. It
 * is money we owe back, so it is recorded in its own row (kind DUPLICATE, never overwriting the first), answered
 * 200 DUPLICATE_PAYMENT so that the platform stops retrying, and published once to {@code pay.refund-required},
 * where the ops console lists it until an operator has refunded it. A payNo holds the order (kind PRIMARY) from
 * its first callback until another payNo's SUCCESS finds it still without one; then the SUCCESS pays the order.
 * <p>
 * Exactly one event per payNo under concurrency rests on the unique keys {@code uk_pay_no} (one row per payNo)
 * and {@code uk_primary_order_no} (one PRIMARY per order), and the intake asks them first: it inserts, and reads
 * only when a key is taken. InnoDB then undoes that insert alone, after the key's holder has committed, so the
 * same transaction reads the holder's row and decides from it. A second payment's row is written in a second,
 * short transaction, free of the locks the refused insert leaves until its transaction ends (they deadlocked
 * parallel second payments). A lost CAS or a deadlock rolls back and is decided again in a fresh transaction.
 * A database that cannot be reached, or a commit that is not confirmed, is a 503: never 200 without a commit.
 * <p>
 * <b>Group commit</b> (issue 19, {@code payonce.gateway.group-commit.*}): concurrent callbacks share one transaction
 * and one commit ({@code domain.GroupCommit}): the new payments of a batch in one multi-row insert, their events in
 * another, each caller answered after that commit; whatever is not a new payment (a taken key, a payment twice in
 * one batch, a batch that failed) is decided afterwards by the single path above, in the order it came. A batch
 * whose database is down answers each of its callers 503.
 * <p>
 * Pooled connections do not auto-commit ({@code spring.datasource.hikari.auto-commit: false}), which spares
 * each transaction two {@code SET autocommit} statements; every database use therefore runs in a transaction
 * (an uncommitted write is rolled back when its connection returns to the pool).
 */
package io.payonce.gateway.callback;
