/**
 * The replay dry run's forecast (issue 21): would replaying this terminal record succeed now? Plain Java, no
 * framework: a port to the ledger ({@link io.payonce.dlt.forecast.OrderLedger}, adapter in {@code http}: the
 * reconciliation's {@code GET /api/v1/orders/{orderNo}}) and a pure rule ({@link io.payonce.dlt.forecast.ReplayForecast})
 * that mirrors the deduct-consumer's own (the order CAS {@code INIT → PAID} with user, amount and currency; the
 * conditional debit with the account's currency and balance). The forecast is advisory, computed when the dry run
 * is asked: the consumer decides under its locks when the replay arrives, and a ledger that cannot be asked makes
 * the forecast {@code UNKNOWN}, never a guess.
 */
package io.payonce.dlt.forecast;
