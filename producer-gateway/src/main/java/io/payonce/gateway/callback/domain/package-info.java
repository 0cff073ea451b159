/**
 * The intake rules without a framework (checked by {@code DomainKnowsNoFrameworkTest}): {@link
 * io.payonce.gateway.callback.domain.SignatureVerifier}, {@link
 * io.payonce.gateway.callback.domain.CallbackValidator}, {@link io.payonce.gateway.callback.domain.CallbackIntake}
 * and the ports it needs ({@code PaymentStore}, {@code OutboxWriter}, {@code Transactions}), and {@link
 * io.payonce.gateway.callback.domain.GroupCommit}, which batches concurrent callbacks into one transaction (its
 * threads come from an injected {@code ThreadFactory}, what became of each batch goes to its {@code Observer} port). Time comes from an
 * injected {@link java.time.Clock}, event ids from an injected supplier, so every rule is unit-testable.
 */
package io.payonce.gateway.callback.domain;
