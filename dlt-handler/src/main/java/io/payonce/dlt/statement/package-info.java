/**
 * The console's statements page ({@code statements.html}) reaches the reconciliation's statement API through this
 * service, so the console works from its one origin: {@code GET /api/v1/statements}, {@code GET
 * /api/v1/statements/reports/{name}.md|csv|json} and {@code POST /api/v1/statements/{day}} (the upload) are forwarded
 * as they are, with the operator's own {@code Authorization} header (as the consoles ask their peers: every service
 * has the same ops users, so the reconciliation grants exactly what the operator may do, and no service credential
 * exists that could do more). What the reconciliation answers (status, type, body) is the answer; a reconciliation
 * that cannot be reached is a 502, one that does not answer in time a 504, each {@code application/problem+json}
 * naming it.
 */
package io.payonce.dlt.statement;
