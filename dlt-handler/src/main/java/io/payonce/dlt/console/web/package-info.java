/**
 * HTTP API of the ops console. Its security is the one of every service (module {@code ops}): HTTP basic,
 * stateless, VIEWER reads, ADMIN writes, and no state-changing request from another site's page (Origin and
 * Sec-Fetch-Site are checked before authentication). Writes also take JSON bodies only.
 */
package io.payonce.dlt.console.web;
