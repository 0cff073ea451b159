/**
 * The one publisher of timeline facts ({@link io.payonce.contract.TimelineFact} on {@code pay.timeline}, issue 17)
 * of every service: {@link io.payonce.ops.timeline.TimelinePublisher}, auto-configured
 * ({@link io.payonce.ops.timeline.TimelineAutoConfiguration}) from {@code payonce.timeline.*}
 * ({@link io.payonce.ops.timeline.TimelineProperties}) and the service's {@code spring.kafka.*}.
 * <p>
 * Invariants: publishing never blocks, fails or slows the act it reports (a bounded queue to one sender thread;
 * failures are counted in {@code payonce_timeline_facts_total{service,result}} and logged once per burst); a fact
 * is published only after its act is durable, by the caller; nothing reads a fact to decide anything.
 */
package io.payonce.ops.timeline;
