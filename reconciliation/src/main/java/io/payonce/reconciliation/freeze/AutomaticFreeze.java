package io.payonce.reconciliation.freeze;

/**
 * Port for the checks that freeze an account on their own (the statement import's UNKNOWN_PAYMENT: we recorded a
 * payment the platform does not know). The freeze is audited as by {@link FreezeService#STATEMENT_IMPORT} with its
 * cause; an account frozen already stays as it is (ALREADY_FROZEN, audited).
 */
@FunctionalInterface
public interface AutomaticFreeze {

	/**
	 * Freezes the deductions of {@code userId}.
	 *
	 * @param reason why, for the operator (at most 512 characters)
	 * @param cause what found it: the statement, payNo and orderNo (at most 256 characters)
	 */
	FreezeResult freeze(long userId, String reason, String cause);

}
