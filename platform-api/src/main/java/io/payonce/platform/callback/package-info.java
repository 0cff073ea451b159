/**
 * The platform's side of the callback that DESIGN.md fixes: the body ({@link io.payonce.platform.callback.PayCallback}),
 * the {@code Payonce-Signature: t=…,v1=…} header ({@link io.payonce.platform.callback.CallbackSignature}) and a
 * sender ({@link io.payonce.platform.callback.CallbackClient}). One copy, used by the platform simulator, the
 * demo, the e2e tests and the benchmarks; the gateway verifies with its own code in its domain, so a bug here
 * cannot hide a bug there.
 */
package io.payonce.platform.callback;
