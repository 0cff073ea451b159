/**
 * Where findings go besides the findings topic: a counter {@code payonce.reconciliation.findings{kind}}, an
 * alert log line on logger {@code io.payonce.reconciliation.ALERT}, and optionally a webhook, as in the DLT
 * handler. A failing sink never silences the others.
 */
package io.payonce.reconciliation.alert;
