package io.payonce.dlt.forecast;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;

import io.payonce.contract.PaySuccess;

/**
 * What the deduct-consumer would do with a replayed payment, given the order and the account now. The checks and
 * their order are the consumer's ({@code JdbcLedger}, {@code OrderStateMachine}, {@code AccountSnapshot}): the order
 * CAS {@code INIT → PAID} matching user, amount (by value: 199.0 = 199.00) and currency, then the debit in the
 * account's currency with {@code balance - amount >= 0}. An order paid by this payment, or by another, takes nothing.
 *
 * @param verdict the code
 * @param text for a person: "would succeed: …", "would fail: …", "already paid: …", "unknown: …"
 */
public record ReplayForecast(Verdict verdict, String text) {

	private static final String PAID = "PAID";

	private static final String SETTLED = "SETTLED";

	private static final String INIT = "INIT";

	public ReplayForecast {
		Objects.requireNonNull(verdict, "verdict");
		Objects.requireNonNull(text, "text");
	}

	/** The consumer's answer to {@code payment} if it arrived now, with {@code order} as the ledger holds it. */
	public static ReplayForecast of(PaySuccess payment, Optional<OrderFacts> order) {
		if (order.isEmpty()) {
			return new ReplayForecast(Verdict.ORDER_NOT_FOUND,
					"would fail: order " + payment.orderNo() + " not found (the replay would wait in the retry ladder)");
		}
		OrderFacts facts = order.get();
		boolean paid = PAID.equals(facts.status()) || SETTLED.equals(facts.status());
		if (paid && facts.payNo() != null && !facts.payNo().equals(payment.payNo())) {
			return new ReplayForecast(Verdict.PAID_BY_OTHER_PAYMENT, "already paid by payment " + facts.payNo()
					+ ": the replay would deduct nothing; " + money(payment) + " is owed back");
		}
		if (facts.userId() != payment.userId() || facts.amount().compareTo(payment.amount()) != 0
				|| !facts.currency().equals(payment.currency())) {
			return new ReplayForecast(Verdict.CONFLICT, "would fail: the payment (user " + payment.userId() + ", "
					+ money(payment) + ") differs from the order (user " + facts.userId() + ", "
					+ plain(facts.amount()) + " " + facts.currency() + "); never deducted");
		}
		if (paid) {
			return new ReplayForecast(Verdict.ALREADY_PAID,
					"already paid: the replay would deduct nothing (order " + facts.status() + ")");
		}
		if (!INIT.equals(facts.status())) {
			return new ReplayForecast(Verdict.ILLEGAL_STATE,
					"would fail: order is " + facts.status() + ", which a payment cannot make PAID");
		}
		OrderFacts.Account account = facts.account();
		if (account == null) {
			return new ReplayForecast(Verdict.ACCOUNT_NOT_FOUND,
					"would fail: user " + payment.userId() + " has no account");
		}
		if (account.frozen()) {
			// the consumer's order: a frozen account is named before its currency and balance (AccountSnapshot)
			return new ReplayForecast(Verdict.ACCOUNT_FROZEN, "would wait: the deductions of user " + payment.userId()
					+ " are frozen (the replay would wait in the retry ladder; replay after the unfreeze)");
		}
		if (!account.currency().equals(payment.currency())) {
			return new ReplayForecast(Verdict.CURRENCY_MISMATCH, "would fail: the account holds "
					+ account.currency() + ", the payment is in " + payment.currency());
		}
		if (account.balance().compareTo(payment.amount()) < 0) {
			return new ReplayForecast(Verdict.INSUFFICIENT_BALANCE, "would fail: balance "
					+ plain(account.balance()) + " < amount " + plain(payment.amount()));
		}
		return new ReplayForecast(Verdict.WOULD_DEDUCT, "would succeed: deducts " + money(payment) + " from balance "
				+ plain(account.balance()));
	}

	/** Nothing is known: the ledger could not be asked, or the record cannot be read. Never a guess. */
	public static ReplayForecast unknown(String why) {
		return new ReplayForecast(Verdict.UNKNOWN, "unknown: " + why);
	}

	private static String money(PaySuccess payment) {
		return plain(payment.amount()) + " " + payment.currency();
	}

	/** Money as a person reads it: at least two places ({@code 10} → {@code 10.00}), never an exponent. */
	static String plain(BigDecimal value) {
		return ((value.scale() < 2) ? value.setScale(2) : value).toPlainString();
	}

	public enum Verdict {

		/** The replay would deduct the payment. */
		WOULD_DEDUCT,
		/** Paid by this payment already (PAID or SETTLED): a duplicate, nothing deducted. */
		ALREADY_PAID,
		/** Paid by another payment: nothing deducted, the consumer reports the money as owed back. */
		PAID_BY_OTHER_PAYMENT,
		INSUFFICIENT_BALANCE, ACCOUNT_NOT_FOUND, CURRENCY_MISMATCH, ORDER_NOT_FOUND,
		/** The account's deductions are frozen: the replay would wait in the retry ladder until the unfreeze. */
		ACCOUNT_FROZEN,
		/** User, amount or currency differ from the order: never deducted. */
		CONFLICT,
		/** REFUNDED, CLOSED or a state the consumer does not know: not payable. */
		ILLEGAL_STATE,
		/** The ledger could not be asked (or the record not read): no forecast. */
		UNKNOWN

	}

}
