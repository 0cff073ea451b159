/** The JSON alert webhook shared by the dlt-handler's backlog alerts and the reconciliation's findings. */
package io.payonce.ops.webhook;
