/**
 * The platform side: what PayOnce does when the payment platform's callback does not come. Plain Java; adapters
 * in {@code http} (the gateway's repair door), {@code jdbc} (unpaid orders of the trade schema), {@code spring}
 * (settings, schedule, metrics). The platform itself is platform-api's {@link io.payonce.platform.PaymentPlatform}
 * port.
 * <p>
 * <b>Active query</b> ({@link ActiveQuery}): orders still {@code INIT} past a minimum age, that the gateway holds no
 * successful payment for, are asked about at the platform. Only {@code Paid} changes anything: each of its
 * payments, oldest first, goes to the gateway's repair door ({@link GatewayPayments#submit}), which puts it through
 * the callback's own parser, validator and intake (one row per payNo, one event, outbox), marked as found by
 * query. So the first payment pays the order as its callback would have, and a second one is a
 * {@code DUPLICATE_PAYMENT} on the refund list. {@code NotPaid} and {@code Unknown} leave everything as it is.
 * <p>
 * <b>Why reconciliation runs it, and why not the gateway.</b> The candidates are orders, which live in the trade
 * schema; the reconciliation's own database user already reads {@code t_order} and nothing of the gateway's schema,
 * the gateway's user reads nothing of the trade schema. The payment must enter through the gateway's intake (its
 * idempotency and outbox), so reconciliation hands it over the gateway's authenticated repair door rather than
 * writing the gateway's tables. No user gets a new grant, no service writes another's schema.
 * <p>
 * <b>Several instances.</b> Every reconciliation instance sweeps; no leader is needed because a double find is
 * harmless: the gateway's intake records a payNo once ({@code uk_pay_no}), the second submission is answered
 * {@code DUPLICATE} and writes nothing, and it is counted as such. The cost of two instances is two platform
 * queries for the same order, once per interval, only for orders the pipeline has not settled.
 */
package io.payonce.reconciliation.platform;
