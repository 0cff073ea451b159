package io.payonce.dlt.refund;

/** Whether the money of a duplicate payment is still owed. OPEN counts for the alert; REFUNDED is final. */
public enum RefundState {

	/** Recorded, not refunded yet. */
	OPEN,

	/** An operator refunded it at the platform and recorded so; never goes back to OPEN. */
	REFUNDED

}
