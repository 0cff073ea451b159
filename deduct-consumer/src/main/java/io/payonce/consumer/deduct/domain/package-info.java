/**
 * The deduction rules, free of any framework: a unit test drives them without Spring, Kafka, Redis or a
 * database ({@code NoFrameworkInDomainTest} keeps it that way).
 * <p>
 * Three guards, each with its own job (chapter 3 of the incident):
 * <ol>
 * <li>{@link io.payonce.consumer.deduct.domain.IdempotencyGuard} (Redis) protects the database from duplicate
 * traffic. A claim is an atomic SET NX of {@code PROCESSING|fingerprint|owner} with a short lease; after the
 * commit it becomes {@code DONE} with the long TTL. Only DONE is conclusive: a plain SET NX that is never
 * cleared loses a payment whose first consumer died between claim and commit, so PROCESSING by another owner
 * falls through to the database. Release and completion are compare-and-swap on the own entry.</li>
 * <li>The order state machine ({@code UPDATE ... WHERE status='INIT'}, row count checked, recording the payNo)
 * keeps business meaning: a PAID order is a duplicate of the payment that paid it and a duplicate payment (money
 * owed back) for any other payNo, a REFUNDED or CLOSED one is an illegal transition.</li>
 * <li>The unique index {@code uk_biz_no_type} is the last wall when everything above has failed.</li>
 * </ol>
 * The {@link io.payonce.consumer.deduct.domain.Ledger} is authoritative: Redis is fast but forgetful (TTL,
 * eviction, failover, FLUSHALL), and a DONE entry of another fingerprint only says "something else paid": the
 * database tells a second payment from a conflict. The debit checks the account's currency and balance in the
 * statement that moves the money; {@link io.payonce.consumer.deduct.domain.AccountSnapshot} only names why it
 * refused.
 * <p>
 * Acknowledgement follows the result (chapter 4): an exception from
 * {@link io.payonce.consumer.deduct.domain.DeductionProcess#handle} means "no answer" and must lead to a retry
 * in place without an offset commit; a {@link io.payonce.consumer.deduct.domain.Decision} is an answer, and
 * the record is acknowledged only after it has been routed.
 */
package io.payonce.consumer.deduct.domain;
