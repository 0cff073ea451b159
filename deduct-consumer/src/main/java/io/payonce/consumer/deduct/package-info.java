/**
 * The deduction feature: {@link io.payonce.consumer.deduct.PaySuccessHandler} joins the domain
 * ({@code domain}) to its adapters ({@code infra}, {@code kafka}), counts outcomes
 * ({@link io.payonce.consumer.deduct.DeductionMetrics}) and keeps the orderNo in the logging context.
 * <p>
 * Non-critical side effects (the in-app notification whose failure caused the incident) are never on this
 * path: the deduction writes a {@code PayDeducted} row to the trade outbox in its own transaction, and any
 * notifier consumes {@code pay.deducted} on its own schedule, without the power to redeliver a deduction.
 */
package io.payonce.consumer.deduct;
