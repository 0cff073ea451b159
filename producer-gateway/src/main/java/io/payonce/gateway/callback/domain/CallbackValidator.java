package io.payonce.gateway.callback.domain;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The rules a callback must meet before anything is written. Every broken rule is reported, each naming its
 * field, so the platform's engineers fix a payload in one round.
 * <ul>
 * <li>{@code payNo}, {@code orderNo}: 1–64 of {@code [A-Za-z0-9_-]}; 64 is the width of
 * {@code t_outbox.aggregateid} (orderNo is the record key).</li>
 * <li>{@code userId}: a positive integer (JSON number or digit string).</li>
 * <li>{@code amount}: a plain decimal (string or number, no exponent), &gt; 0, at most 2 decimals (trailing
 * zeros do not count, as in the contract: {@code 1.000} is {@code 1.00}), at most the configured
 * maximum.</li>
 * <li>{@code currency}: an ISO-4217 code in upper case.</li>
 * <li>{@code status}: an upper-case word; only {@code SUCCESS} leads to an event.</li>
 * <li>{@code paidAt}: an ISO-8601 instant with offset, e.g. {@code 2026-09-28T02:00:12Z}.</li>
 * </ul>
 */
public final class CallbackValidator {

	private static final Pattern BUSINESS_NO = Pattern.compile("[A-Za-z0-9_-]{1,64}");

	private static final Pattern USER_ID = Pattern.compile("[1-9][0-9]{0,18}");

	private static final Pattern PLAIN_DECIMAL = Pattern.compile("-?[0-9]{1,20}(\\.[0-9]{1,20})?");

	private static final Pattern STATUS = Pattern.compile("[A-Z][A-Z_]{0,31}");

	private static final Set<String> CURRENCIES = Currency.getAvailableCurrencies()
		.stream()
		.map(Currency::getCurrencyCode)
		.collect(Collectors.toUnmodifiableSet());

	private final BigDecimal maxAmount;

	public CallbackValidator(BigDecimal maxAmount) {
		this.maxAmount = Objects.requireNonNull(maxAmount, "maxAmount");
	}

	/**
	 * @throws InvalidCallbackException listing every invalid field
	 */
	public PaymentCallback validate(CallbackFields fields) {
		List<FieldError> errors = new ArrayList<>();
		String payNo = businessNo("payNo", fields.payNo(), errors);
		String orderNo = businessNo("orderNo", fields.orderNo(), errors);
		Long userId = userId(fields.userId(), errors);
		BigDecimal amount = amount(fields.amount(), errors);
		String currency = currency(fields.currency(), errors);
		String status = status(fields.status(), errors);
		Instant paidAt = paidAt(fields.paidAt(), errors);
		if (!errors.isEmpty()) {
			throw InvalidCallbackException.invalidFields(errors);
		}
		return new PaymentCallback(payNo, orderNo, userId, amount, currency, status, paidAt);
	}

	private static String businessNo(String field, String value, List<FieldError> errors) {
		if (missing(field, value, errors)) {
			return null;
		}
		if (!BUSINESS_NO.matcher(value).matches()) {
			errors.add(new FieldError(field, "must be 1-64 characters of A-Z, a-z, 0-9, '_' or '-'"));
			return null;
		}
		return value;
	}

	private static Long userId(String value, List<FieldError> errors) {
		if (missing("userId", value, errors)) {
			return null;
		}
		if (USER_ID.matcher(value).matches()) {
			try {
				return Long.parseLong(value);
			}
			catch (NumberFormatException tooLarge) {
				// 19 digits above Long.MAX_VALUE: fall through to the same answer as any other bad id
			}
		}
		errors.add(new FieldError("userId", "must be a positive integer"));
		return null;
	}

	private BigDecimal amount(String value, List<FieldError> errors) {
		if (missing("amount", value, errors)) {
			return null;
		}
		if (!PLAIN_DECIMAL.matcher(value).matches()) {
			errors.add(new FieldError("amount", "must be a plain decimal number such as 199.00"));
			return null;
		}
		BigDecimal amount = new BigDecimal(value);
		if (amount.signum() <= 0) {
			errors.add(new FieldError("amount", "must be greater than 0"));
			return null;
		}
		if (amount.stripTrailingZeros().scale() > 2) {
			errors.add(new FieldError("amount", "must have at most 2 decimals"));
			return null;
		}
		if (amount.compareTo(this.maxAmount) > 0) {
			errors.add(new FieldError("amount", "must be at most " + this.maxAmount.toPlainString()));
			return null;
		}
		// Exact: the scale is at most 2 here, so no rounding happens.
		return amount.setScale(2, RoundingMode.UNNECESSARY);
	}

	private static String currency(String value, List<FieldError> errors) {
		if (missing("currency", value, errors)) {
			return null;
		}
		if (!CURRENCIES.contains(value)) {
			errors.add(new FieldError("currency", "must be an ISO-4217 currency code such as CNY"));
			return null;
		}
		return value;
	}

	private static String status(String value, List<FieldError> errors) {
		if (missing("status", value, errors)) {
			return null;
		}
		if (!STATUS.matcher(value).matches()) {
			errors.add(new FieldError("status", "must be an upper-case status such as SUCCESS"));
			return null;
		}
		return value;
	}

	private static Instant paidAt(String value, List<FieldError> errors) {
		if (missing("paidAt", value, errors)) {
			return null;
		}
		try {
			return OffsetDateTime.parse(value).toInstant();
		}
		catch (DateTimeParseException ex) {
			errors.add(new FieldError("paidAt", "must be an ISO-8601 instant such as 2026-09-28T02:00:12Z"));
			return null;
		}
	}

	private static boolean missing(String field, String value, List<FieldError> errors) {
		if (value == null || value.isEmpty()) {
			errors.add(new FieldError(field, "is required"));
			return true;
		}
		return false;
	}

}
