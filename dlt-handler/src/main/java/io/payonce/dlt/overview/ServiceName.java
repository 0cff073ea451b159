package io.payonce.dlt.overview;

/** The PayOnce services whose metrics the overview reads, by the names the deployment gives them. */
public enum ServiceName {

	PRODUCER_GATEWAY("producer-gateway"), OUTBOX_RELAY("outbox-relay"), DEDUCT_CONSUMER("deduct-consumer"),
	DLT_HANDLER("dlt-handler"), RECONCILIATION("reconciliation");

	private final String displayName;

	ServiceName(String displayName) {
		this.displayName = displayName;
	}

	public String displayName() {
		return this.displayName;
	}

}
