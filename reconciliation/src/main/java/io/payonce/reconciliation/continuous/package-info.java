/**
 * Continuous reconciliation: per orderNo, the first payment and every distinct deduction.
 * <p>
 * Inputs are at least once: the relay re-publishes the same event after a restart, the DLT handler and the
 * console replay it. So a payment is deduplicated by orderNo (first one wins) and a deduction by its flowId;
 * only two different flow rows are a DUPLICATE. A payment is MISSING when no deduction came within the window
 * counted from when <em>this service</em> saw the payment (wall clock), not from {@code paidAt}: after a
 * restart the service catches up on both topics and would otherwise report every old payment. A deduction
 * whose user, amount or currency differs from the payment is a MISMATCH, checked whichever arrives first.
 * <p>
 * Time comes from Kafka Streams' wall clock (mocked by {@code TopologyTestDriver}); the rules in
 * {@link io.payonce.reconciliation.continuous.Reconciler} take it as a parameter. Each finding has a
 * deterministic id, because alerts are side effects outside the Streams transaction and may repeat after a
 * crash; the findings topic itself is written exactly once with the store ({@code exactly_once_v2}).
 */
package io.payonce.reconciliation.continuous;
