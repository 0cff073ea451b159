/**
 * The console's "Frozen accounts" page (issue 20, the repair SOP's first step) talks to this handler, which forwards
 * to the reconciliation's freeze API ({@code payonce.dlt.console.ledger.base-url}) with the operator's own
 * {@code Authorization} header: the reconciliation decides who may freeze (ADMIN) or read (VIEWER) and audits the
 * operator by name; no service credential exists that could freeze on anyone's behalf. The answer (status, body,
 * content type) comes back as it is; a reconciliation that does not answer is a 502 naming why.
 */
package io.payonce.dlt.freeze.web;
