/**
 * {@link io.payonce.platform.PaymentPlatform} over HTTP. {@link io.payonce.platform.http.SimulatorPaymentPlatform}
 * speaks the platform simulator's API; a real platform's adapter (its signed requests, its bill download) goes
 * beside it.
 */
package io.payonce.platform.http;
