/**
 * The contract between PayOnce's services: what travels on Kafka and how it is named.
 * <p>
 * Invariants every service relies on:
 * <ul>
 * <li>The record key of every event is the orderNo. Partitioning by it serialises all deliveries of one
 * order on one consumer thread, and it is the idempotency key of the deduction (never the offset or the
 * message id, which change on redelivery).</li>
 * <li>The event id (header {@code id}) is fixed when the gateway writes the outbox row and is kept by every
 * retry and replay, so a record can be traced across the whole pipeline.</li>
 * <li>Amounts are JSON strings of a decimal with at most two places; no float ever holds money.</li>
 * <li>Golden samples of each event live in {@code src/main/resources/contract/}; producer and consumer tests
 * both read them, so a renamed field breaks a build, not production.</li>
 * </ul>
 */
package io.payonce.contract;
