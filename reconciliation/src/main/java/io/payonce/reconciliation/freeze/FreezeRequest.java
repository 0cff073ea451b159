package io.payonce.reconciliation.freeze;

/**
 * An order to freeze or unfreeze one account's deductions.
 *
 * @param userId the account
 * @param operator who asks: the authenticated user, or {@link FreezeService#STATEMENT_IMPORT}
 * @param reason why, required (the audit trail and the console show it)
 * @param cause what caused an automatic freeze, {@code null} for an operator's
 */
public record FreezeRequest(long userId, String operator, String reason, String cause) {

	private static final int REASON_LENGTH = 512;

	private static final int CAUSE_LENGTH = 256;

	private static final int OPERATOR_LENGTH = 128;

	public FreezeRequest {
		if (userId <= 0) {
			throw new InvalidFreezeException("userId", "userId must be a positive number");
		}
		if (operator == null || operator.isBlank() || operator.length() > OPERATOR_LENGTH) {
			throw new InvalidFreezeException("operator", "operator is required, at most 128 characters");
		}
		if (reason == null || reason.isBlank() || reason.length() > REASON_LENGTH) {
			throw new InvalidFreezeException("reason", "reason is required, at most 512 characters");
		}
		if (cause != null && (cause.isBlank() || cause.length() > CAUSE_LENGTH)) {
			throw new InvalidFreezeException("cause", "cause, when given, is 1 to 256 characters");
		}
	}

	/** An operator's request: no cause beyond the reason. */
	public static FreezeRequest byOperator(long userId, String operator, String reason) {
		return new FreezeRequest(userId, operator, reason, null);
	}

	/** A request the rules refuse before anything is read; names the field to change. */
	public static final class InvalidFreezeException extends IllegalArgumentException {

		private final String field;

		InvalidFreezeException(String field, String message) {
			super(message);
			this.field = field;
		}

		public String field() {
			return this.field;
		}

	}

}
