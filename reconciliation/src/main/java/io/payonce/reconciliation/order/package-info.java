/**
 * An order as the trade schema holds it now, for people and for the dlt-handler's replay dry run (issue 21): the
 * order's state and its payer's account, read-only. Nothing here changes the ledger.
 */
package io.payonce.reconciliation.order;
