/**
 * The continuous reconciliation's findings, for people (issue 21): read over HTTP instead of with a hand-written
 * Kafka consumer. The findings topic stays the record (exactly-once with the views that caused them); this feature
 * reads it on request, newest first, filtered by kind, time and status, and never holds more than the period asked
 * for.
 * <p>
 * A finding's <em>status</em> is not stored anywhere: it is what the ledger says now. A MISSING whose deduction has
 * since been booked, or a DUPLICATE whose extra deductions have all been reversed, is {@code SETTLED}; everything
 * else (and every MISMATCH, which needs a human) is {@code OPEN}. So the answer is never older than the ledger.
 */
package io.payonce.reconciliation.finding;
