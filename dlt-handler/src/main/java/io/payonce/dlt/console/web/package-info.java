/**
 * HTTP API and security of the ops console. Basic auth, stateless; VIEWER reads, ADMIN writes. Writes take
 * JSON bodies only, which keeps a browser's cached basic credentials from being used by a cross-site form.
 */
package io.payonce.dlt.console.web;
