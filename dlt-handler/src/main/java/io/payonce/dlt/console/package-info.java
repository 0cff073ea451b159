/**
 * The ops console (chapter 5.3: "terminal messages need a human interface: body, failure reason, retry
 * count, one-click replay after fixing the data"). {@link io.payonce.dlt.console.ReplayService} holds the
 * rules (selection, dry run, rate limit, audit); {@code web} is the HTTP API and security; {@code kafka}
 * publishes replays to {@code pay.success}, never to the database, so every replay passes the consumer's
 * three guards again and a second replay deducts nothing.
 */
package io.payonce.dlt.console;
