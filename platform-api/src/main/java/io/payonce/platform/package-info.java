/**
 * The payment platform as PayOnce sees it: the {@link io.payonce.platform.PaymentPlatform} port (query one order,
 * fetch a day's statement) and its values. Plain Java; adapters in sub-packages
 * ({@code http}: the platform simulator's API), the statement file format in {@code statement}, the signed
 * callback in {@code callback}.
 * <p>
 * <b>Why a small shared module rather than the reconciliation service's domain.</b> Three parties use these
 * types and formats: the reconciliation service (active query and statement import, which own the decisions),
 * the platform simulator (which writes the statement file and answers the query) and the tests. Keeping the
 * statement format and the query answer in one place means the file the simulator writes and the file the
 * importer reads cannot drift apart silently (golden samples in {@code src/main/resources/platform/} pin both
 * sides). A real platform's client (WeChat Pay, Alipay, Stripe) is one more adapter of the same port, in its own
 * module or here; nothing in reconciliation changes.
 * <p>
 * Invariants: a query never turns "I could not ask" into "not paid" ({@link io.payonce.platform.QueryAnswer.Unknown});
 * a statement keeps every line, as a row or as an error, and its SHA-256 identifies the file.
 */
package io.payonce.platform;
