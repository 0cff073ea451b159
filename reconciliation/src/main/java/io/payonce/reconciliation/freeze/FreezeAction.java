package io.payonce.reconciliation.freeze;

/** What a request asks for (the audit's {@code action}). */
public enum FreezeAction {

	FREEZE, UNFREEZE

}
