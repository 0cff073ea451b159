/**
 * The intake rules without a framework (checked by {@code DomainKnowsNoFrameworkTest}): {@link
 * io.payonce.gateway.callback.domain.SignatureVerifier}, {@link
 * io.payonce.gateway.callback.domain.CallbackValidator}, {@link io.payonce.gateway.callback.domain.CallbackIntake}
 * and the ports it needs ({@code PaymentStore}, {@code OutboxWriter}, {@code Transactions}). Time comes from an
 * injected {@link java.time.Clock}, event ids from an injected supplier, so every rule is unit-testable.
 */
package io.payonce.gateway.callback.domain;
