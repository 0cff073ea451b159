package io.payonce.reconciliation.continuous;

/** What continuous reconciliation can find wrong with one order. */
public enum FindingKind {

	/** A payment succeeded but no deduction arrived within the window. */
	MISSING,

	/** More than one distinct deduction (distinct flowId) for one order: a double charge. */
	DUPLICATE,

	/** A deduction whose user, amount or currency differs from the payment. */
	MISMATCH

}
