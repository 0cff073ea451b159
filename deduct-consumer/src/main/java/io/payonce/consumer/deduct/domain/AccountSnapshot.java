package io.payonce.consumer.deduct.domain;

import java.math.BigDecimal;
import java.util.Objects;
import java.util.Optional;

import io.payonce.contract.PaySuccess;

/**
 * The account row as read under a lock after the guarded debit changed nothing.
 *
 * @param frozen whether the account's deductions are frozen ({@code t_account_freeze.status = 'FROZEN'})
 */
public record AccountSnapshot(long userId, BigDecimal balance, String currency, boolean frozen) {

	/** An account nobody froze. */
	public AccountSnapshot(long userId, BigDecimal balance, String currency) {
		this(userId, balance, currency, false);
	}

	public AccountSnapshot {
		Objects.requireNonNull(balance, "balance");
		Objects.requireNonNull(currency, "currency");
	}

	/**
	 * Explains a missed debit. The debit {@code UPDATE t_account SET balance = balance - ? WHERE user_id = ? AND
	 * currency = ? AND balance - ? >= 0} checks the currency and the balance in the statement that moves the money,
	 * so no read-then-write race can debit a payment from an account of another currency; this only names why it
	 * said no. A frozen account is named first after a missing one: whatever its balance or currency, nothing is
	 * decided for it until the unfreeze (a payment in another currency becomes terminal then, not now).
	 */
	public static LedgerResult explainMissedDebit(Optional<AccountSnapshot> account, PaySuccess payment) {
		if (account.isEmpty()) {
			// Accounts may be opened after the order: worth waiting for, and never "insufficient".
			return LedgerResult.ACCOUNT_NOT_FOUND;
		}
		AccountSnapshot snapshot = account.get();
		if (snapshot.frozen()) {
			// Step one of the repair SOP: stop the deductions, lose nothing. Waits in the retry ladder.
			return LedgerResult.ACCOUNT_FROZEN;
		}
		if (!snapshot.currency().equals(payment.currency())) {
			// An account has one currency: a payment in another is never debited one for one, and waiting won't help.
			return LedgerResult.CURRENCY_MISMATCH;
		}
		if (snapshot.balance().compareTo(payment.amount()) < 0) {
			return LedgerResult.INSUFFICIENT_BALANCE;
		}
		// Read under a lock, an account in the payment's currency that covers it would have matched the debit:
		// the database changed under us. No answer yet, retry in place.
		throw new IllegalStateException("Debit missed an account that covers " + payment.orderNo() + "; retry");
	}

}
