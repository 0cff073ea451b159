package io.payonce.reconciliation.platform;

/** Who found a payment that no callback brought: the gateway records it with the row ({@code t_payment.source}). */
public enum RepairSource {

	QUERY, STATEMENT

}
