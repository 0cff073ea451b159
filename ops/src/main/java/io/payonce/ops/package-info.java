/**
 * What every PayOnce service shares for operations, one copy each (STYLE.md, "one copy of each cross-cutting
 * piece"):
 * <ul>
 * <li>{@code startup}: the refusal to start outside the {@code local} profile with a published local value, a
 * placeholder, a short callback secret, no ops users or a plain-text password (one line, non-zero exit);</li>
 * <li>{@code security}: the ops users ({@code payonce.ops.users}), HTTP basic, what needs which role, the open
 * probes on the management port, and the cross-origin check in front of every state-changing request;</li>
 * <li>{@code webhook}: the JSON alert webhook of the dlt-handler and the reconciliation;</li>
 * <li>{@code timeline}: the publisher of what the service did about an order to {@code pay.timeline} (issue 17),
 * {@code payonce.timeline.*};</li>
 * <li>{@code tracing}: the span processors of a service that traces with OpenTelemetry, without Boot's export
 * batcher while no exporter is set ({@code SpanProcessingAutoConfiguration});</li>
 * <li>{@code logging}: {@code TraceLogContext}, the order and the W3C trace of the record a line is about in the
 * logging context ({@code orderNo}, {@code traceId}, {@code spanId}), for the services that act on a record outside
 * a traced request (relay, dlt-handler, reconciliation).</li>
 * </ul>
 * Spring Boot picks up {@code startup}, {@code security}, {@code timeline} and {@code tracing} as auto-configuration: a service gets
 * them by depending on this module.
 */
package io.payonce.ops;
