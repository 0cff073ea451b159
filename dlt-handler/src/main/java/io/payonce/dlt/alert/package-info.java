/**
 * Backlog alerts on the open terminal records. The rules ({@link io.payonce.dlt.alert.BacklogAlertRules})
 * are plain Java driven by an injected time; {@code infra} holds the sinks (log, webhook) and the scheduled
 * evaluation with its Micrometer gauges. The same rules ship as Prometheus alert rules
 * ({@code prometheus/payonce-alerts.yml}) for setups that alert from metrics instead of from the handler.
 */
package io.payonce.dlt.alert;
