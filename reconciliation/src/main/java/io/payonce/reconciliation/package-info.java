/**
 * PayOnce reconciliation: the proof, after the fact, that every payment was deducted exactly once, and the
 * safe way to repair the past (chapter 5.4 of the incident: find, verify, reverse, never delete).
 * <p>
 * <b>Why its own module (and service).</b> The deduct consumer and the DLT handler are on the money path or
 * beside it; reconciliation is the independent check of that path and must not share its failure modes:
 * <ul>
 * <li>It judges the consumer's output, so it must not live in the consumer: a bug or a paused consumer must
 * not also pause (or "fix") its own auditor.</li>
 * <li>It reads two topics the DLT handler never reads ({@code pay.success} as a whole and
 * {@code pay.deducted}) and the trade database, which the DLT handler has no access to. Putting it beside the
 * ops console would give the retry service write access to the ledger.</li>
 * <li>Its writes, the reversal and the top-up, are rare operator actions with their own audit tables and credentials; it
 * deploys, scales (one Streams instance per partition group) and is permissioned on its own.</li>
 * </ul>
 * <p>
 * Features, each a package: {@code continuous} (Kafka Streams join of payments and deductions, findings
 * MISSING, DUPLICATE, MISMATCH), {@code alert} (metric, log line, optional webhook for each finding),
 * {@code audit} (ledger audit of a period against the trade database, Markdown and CSV) and {@code reversal}
 * (the audited REVERSE_DEDUCT posting, by API and CLI) and {@code topup} (a manual credit as an audited TOP_UP
 * flow, by API: money never moves by hand). Domain classes are plain Java; Kafka, JDBC, files and
 * HTTP live in sub-packages.
 */
package io.payonce.reconciliation;
