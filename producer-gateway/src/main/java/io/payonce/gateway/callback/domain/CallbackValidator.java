package io.payonce.gateway.callback.domain;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Currency;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The rules a callback must meet before anything is written. Every broken rule is reported, each naming its
 * field, so the platform's engineers fix a payload in one round.
 * <ul>
 * <li>{@code payNo}, {@code orderNo}: 1–64 of {@code [A-Za-z0-9_-]}; 64 is the width of
 * {@code t_outbox.aggregateid} (orderNo is the record key).</li>
 * <li>{@code userId}: a positive integer (JSON number or digit string).</li>
 * <li>{@code amount}: a plain decimal (string or number, no exponent), &gt; 0, at most the configured maximum,
 * and with no more decimals than the currency's minor unit has, capped at 2: JPY, KRW, VND … take whole
 * numbers, CNY, USD, EUR … two decimals, and the three-decimal currencies (BHD, KWD, JOD, …) also two, because
 * the fixed callback interface and every {@code DECIMAL(…,2)} column downstream hold two. Trailing zeros do
 * not count, as in the contract: {@code 1.000} is {@code 1.00}, and {@code 100.00} JPY is {@code 100}.</li>
 * <li>{@code currency}: an ISO-4217 code in upper case that money is paid in. Codes that are not such a
 * currency are refused: those without a minor unit in the JDK's table (precious metals XAU, XAG, XPT, XPD,
 * the SDR XDR, bond-market units XBA…XBD, XSU, XUA, XTS, XXX: {@code getDefaultFractionDigits() < 0}), the
 * testing and "no currency" codes XTS and XXX by name (whatever a JDK's table says), and the fund codes
 * (units of account such as CLF, MXV, USN, BOV, CHE, CHW, COU, UYI, UYW). Withdrawn codes the JDK still knows
 * (DEM, FRF, …) pass here; no account is kept in them, so the ledger refuses them (CURRENCY_MISMATCH).</li>
 * <li>{@code status}: an upper-case word; only {@code SUCCESS} leads to an event.</li>
 * <li>{@code paidAt}: an ISO-8601 instant with offset, e.g. {@code 2026-09-28T02:00:12Z}, that the
 * {@code DATETIME(3)} column holds (years 1000–9999 in UTC), and not further ahead of the gateway's clock than
 * {@code paidAtMaxAhead}. A value outside the column would otherwise fail the insert, a 500 the platform
 * retries forever; a payment cannot have been made in the future, but a platform that writes local time with
 * a {@code Z} is hours ahead, so the default allowance (a day) refuses only what no clock or time-zone mistake
 * explains and never strands a real payment over a formatting slip.</li>
 * </ul>
 */
public final class CallbackValidator {

	/** The most decimals any amount may have: the callback interface and the DECIMAL(…,2) columns. */
	static final int MAX_DECIMALS = 2;

	private static final int FIRST_YEAR = 1000;

	private static final int LAST_YEAR = 9999;

	/** The first instant of {@link #FIRST_YEAR} in UTC. */
	private static final Instant FIRST_INSTANT = LocalDate.of(FIRST_YEAR, 1, 1).atStartOfDay().toInstant(ZoneOffset.UTC);

	/** The first instant after {@link #LAST_YEAR} in UTC. */
	private static final Instant AFTER_LAST_INSTANT = LocalDate.of(LAST_YEAR + 1, 1, 1)
		.atStartOfDay()
		.toInstant(ZoneOffset.UTC);

	/**
	 * Codes that are not a currency money is paid in although their JDK entry has a minor unit: testing and "no
	 * currency" (named here whatever a JDK's table says) and ISO 4217's fund codes, units of account.
	 */
	private static final Set<String> NOT_PAYABLE = Set.of("XTS", "XXX", "BOV", "CHE", "CHW", "CLF", "COU", "MXV",
			"USN", "UYI", "UYW");

	/** Payable currencies and the decimals an amount in each may have. */
	private static final Map<String, Integer> DECIMALS = Currency.getAvailableCurrencies()
		.stream()
		.filter((currency) -> currency.getDefaultFractionDigits() >= 0)
		.filter((currency) -> !NOT_PAYABLE.contains(currency.getCurrencyCode()))
		.collect(Collectors.toUnmodifiableMap(Currency::getCurrencyCode,
				(currency) -> Math.min(currency.getDefaultFractionDigits(), MAX_DECIMALS)));

	private static final Set<String> KNOWN_CODES = Currency.getAvailableCurrencies()
		.stream()
		.map(Currency::getCurrencyCode)
		.collect(Collectors.toUnmodifiableSet());

	private final BigDecimal maxAmount;

	private final Duration paidAtMaxAhead;

	private final Clock clock;

	/**
	 * @param maxAmount the largest amount accepted
	 * @param paidAtMaxAhead how far {@code paidAt} may lie ahead of {@code clock}
	 */
	public CallbackValidator(BigDecimal maxAmount, Duration paidAtMaxAhead, Clock clock) {
		this.maxAmount = Objects.requireNonNull(maxAmount, "maxAmount");
		this.paidAtMaxAhead = Objects.requireNonNull(paidAtMaxAhead, "paidAtMaxAhead");
		this.clock = Objects.requireNonNull(clock, "clock");
	}

	/**
	 * @throws InvalidCallbackException listing every invalid field
	 */
	public PaymentCallback validate(CallbackFields fields) {
		List<FieldError> errors = new ArrayList<>();
		String payNo = businessNo("payNo", fields.payNo(), errors);
		String orderNo = businessNo("orderNo", fields.orderNo(), errors);
		Long userId = userId(fields.userId(), errors);
		// The amount's decimals depend on the currency; its errors are still listed in body order.
		List<FieldError> currencyErrors = new ArrayList<>();
		String currency = currency(fields.currency(), currencyErrors);
		BigDecimal amount = amount(fields.amount(), currency, errors);
		errors.addAll(currencyErrors);
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
		if (!TextShapes.isBusinessNo(value)) {
			errors.add(new FieldError(field, "must be 1-64 characters of A-Z, a-z, 0-9, '_' or '-'"));
			return null;
		}
		return value;
	}

	private static Long userId(String value, List<FieldError> errors) {
		if (missing("userId", value, errors)) {
			return null;
		}
		if (TextShapes.isUserId(value)) {
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

	/** @param currency the valid currency, {@code null} when it is invalid (then the general cap applies) */
	private BigDecimal amount(String value, String currency, List<FieldError> errors) {
		if (missing("amount", value, errors)) {
			return null;
		}
		if (!TextShapes.isPlainDecimal(value)) {
			errors.add(new FieldError("amount", "must be a plain decimal number such as 199.00"));
			return null;
		}
		BigDecimal amount = new BigDecimal(value);
		if (amount.signum() <= 0) {
			errors.add(new FieldError("amount", "must be greater than 0"));
			return null;
		}
		int decimals = (currency != null) ? DECIMALS.get(currency) : MAX_DECIMALS;
		if (amount.stripTrailingZeros().scale() > decimals) {
			errors.add(new FieldError("amount", (decimals == 0) ? "must be a whole number: " + currency
					+ " has no minor unit" : "must have at most " + decimals + " decimals"));
			return null;
		}
		if (amount.compareTo(this.maxAmount) > 0) {
			errors.add(new FieldError("amount", "must be at most " + this.maxAmount.toPlainString()));
			return null;
		}
		// Exact: the scale is at most 2 here, so no rounding happens.
		return amount.setScale(MAX_DECIMALS, RoundingMode.UNNECESSARY);
	}

	private static String currency(String value, List<FieldError> errors) {
		if (missing("currency", value, errors)) {
			return null;
		}
		if (!KNOWN_CODES.contains(value)) {
			errors.add(new FieldError("currency", "must be an ISO-4217 currency code such as CNY"));
			return null;
		}
		if (!DECIMALS.containsKey(value)) {
			errors.add(new FieldError("currency", "must be a currency money is paid in; " + value
					+ " is a metal, fund, testing or accounting code"));
			return null;
		}
		return value;
	}

	private static String status(String value, List<FieldError> errors) {
		if (missing("status", value, errors)) {
			return null;
		}
		if (!TextShapes.isStatus(value)) {
			errors.add(new FieldError("status", "must be an upper-case status such as SUCCESS"));
			return null;
		}
		return value;
	}

	private Instant paidAt(String value, List<FieldError> errors) {
		if (missing("paidAt", value, errors)) {
			return null;
		}
		Instant paidAt;
		try {
			paidAt = IsoOffsetInstant.parse(value);
		}
		catch (DateTimeParseException ex) {
			errors.add(new FieldError("paidAt", "must be an ISO-8601 instant such as 2026-09-28T02:00:12Z"));
			return null;
		}
		// compared as instants: the UTC year itself would cost a ZoneRules per callback on Java 17 (issue 19)
		if (paidAt.isBefore(FIRST_INSTANT) || !paidAt.isBefore(AFTER_LAST_INSTANT)) {
			errors.add(new FieldError("paidAt", "must lie in the years " + FIRST_YEAR + " to " + LAST_YEAR + " (UTC)"));
			return null;
		}
		if (paidAt.isAfter(this.clock.instant().plus(this.paidAtMaxAhead))) {
			errors.add(new FieldError("paidAt", "must not lie more than " + describe(this.paidAtMaxAhead)
					+ " ahead of the gateway's clock: a payment is not made in the future"));
			return null;
		}
		return paidAt;
	}

	private static String describe(Duration duration) {
		if (duration.toSeconds() % 3600 == 0) {
			return duration.toHours() + " h";
		}
		return (duration.toSeconds() % 60 == 0) ? duration.toMinutes() + " min" : duration.toSeconds() + " s";
	}

	private static boolean missing(String field, String value, List<FieldError> errors) {
		if (value == null || value.isEmpty()) {
			errors.add(new FieldError(field, "is required"));
			return true;
		}
		return false;
	}

}
