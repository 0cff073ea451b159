package io.payonce.reconciliation.topup;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * An operator's order to credit one account.
 *
 * @param userId the account
 * @param amount positive, at most two decimals, within {@code DECIMAL(19,2)}
 * @param currency the account's currency (ISO 4217 letters); a credit in another currency is refused
 * @param reference the operator's unique reference (ticket, bank transfer id): the flow's biz_no, so the same request
 * sent twice credits once
 * @param operator who asks: the authenticated user
 * @param reason free text for the audit trail, required
 */
public record TopUpRequest(long userId, BigDecimal amount, String currency, String reference, String operator,
		String reason) {

	/** What a reference may hold: the characters of an orderNo, up to the biz_no column's 64. */
	private static final Pattern REFERENCE = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

	private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");

	/** {@code DECIMAL(19,2)}: 17 digits before the point. */
	private static final BigDecimal COLUMN_LIMIT = new BigDecimal("100000000000000000");

	public TopUpRequest {
		if (userId <= 0) {
			throw new InvalidTopUpException("userId", "userId must be a positive number");
		}
		if (amount == null || amount.signum() <= 0) {
			throw new InvalidTopUpException("amount", "amount must be positive");
		}
		if (amount.stripTrailingZeros().scale() > 2) {
			throw new InvalidTopUpException("amount", "amount has more than 2 decimals: " + amount.toPlainString());
		}
		if (amount.compareTo(COLUMN_LIMIT) >= 0) {
			throw new InvalidTopUpException("amount", "amount is beyond what the ledger holds: " + amount.toPlainString());
		}
		if (currency == null || !CURRENCY.matcher(currency).matches()) {
			throw new InvalidTopUpException("currency", "currency must be three capital letters (ISO 4217), e.g. CNY");
		}
		if (reference == null || !REFERENCE.matcher(reference).matches()) {
			throw new InvalidTopUpException("reference",
					"reference must be 1 to 64 characters of A-Z a-z 0-9 . _ : -");
		}
		if (operator == null || operator.isBlank()) {
			throw new InvalidTopUpException("operator", "operator is required");
		}
		if (reason == null || reason.isBlank() || reason.length() > 512) {
			throw new InvalidTopUpException("reason", "reason is required, at most 512 characters");
		}
		amount = amount.setScale(2);
	}

	/** A request the rules refuse before anything is read; names the field to change. */
	public static final class InvalidTopUpException extends IllegalArgumentException {

		private final String field;

		InvalidTopUpException(String field, String message) {
			super(message);
			this.field = field;
		}

		public String field() {
			return this.field;
		}

	}

}
