package io.payonce.consumer.deduct.domain;

import static io.payonce.consumer.deduct.domain.Payments.aPayment;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.math.BigDecimal;
import java.util.Optional;

import io.payonce.contract.FailureReason;
import org.junit.jupiter.api.Test;

/** Why the guarded debit said no; each answer undoes the payment's CAS and flow. */
class AccountSnapshotTest {

	@Test
	void aMissingAccountIsItsOwnReasonAndWorthWaitingFor() {
		LedgerResult result = AccountSnapshot.explainMissedDebit(Optional.empty(), aPayment());
		assertThat(result).isEqualTo(LedgerResult.ACCOUNT_NOT_FOUND);
		assertThat(result.debitRefused()).isTrue();
	}

	@Test
	void anAccountInAnotherCurrencyIsACurrencyMismatchHoweverLargeItsBalance() {
		// a CNY payment against a USD account that could cover it one for one
		LedgerResult result = AccountSnapshot.explainMissedDebit(
				Optional.of(new AccountSnapshot(10086L, new BigDecimal("1000000.00"), "USD")), aPayment());
		assertThat(result).isEqualTo(LedgerResult.CURRENCY_MISMATCH);
		assertThat(result.debitRefused()).isTrue();
	}

	@Test
	void anAccountInThePaymentsCurrencyBelowTheAmountHasInsufficientBalance() {
		LedgerResult result = AccountSnapshot.explainMissedDebit(
				Optional.of(new AccountSnapshot(10086L, new BigDecimal("198.99"), "CNY")), aPayment());
		assertThat(result).isEqualTo(LedgerResult.INSUFFICIENT_BALANCE);
		assertThat(result.debitRefused()).isTrue();
		assertThat(result.settled()).isFalse();
	}

	@Test
	void aFrozenAccountWaitsWhateverItsBalanceAndUndoesThePaymentsWrites() {
		// given an account that covers the payment but whose deductions an operator froze
		LedgerResult covered = AccountSnapshot.explainMissedDebit(
				Optional.of(new AccountSnapshot(10086L, new BigDecimal("1000.00"), "CNY", true)), aPayment());
		// and one that would not cover it, in another currency
		LedgerResult neither = AccountSnapshot.explainMissedDebit(
				Optional.of(new AccountSnapshot(10086L, new BigDecimal("1.00"), "USD", true)), aPayment());
		// then both wait for the unfreeze: nothing is decided for a frozen account
		assertThat(covered).isEqualTo(LedgerResult.ACCOUNT_FROZEN);
		assertThat(neither).isEqualTo(LedgerResult.ACCOUNT_FROZEN);
		assertThat(covered.debitRefused()).isTrue();
		assertThat(covered.settled()).isFalse();
		assertThat(FailureReason.ACCOUNT_FROZEN.retryable()).isTrue();
	}

	@Test
	void anAccountThatCoversThePaymentInItsCurrencyHasNoAnswerYet() {
		// read under a lock, it would have matched the debit: the database changed under us, retry in place
		assertThatIllegalStateException().isThrownBy(() -> AccountSnapshot.explainMissedDebit(
				Optional.of(new AccountSnapshot(10086L, new BigDecimal("199.00"), "CNY")), aPayment()));
	}

	@Test
	void onlyARefusedDebitUndoesThePaymentsWrites() {
		assertThat(LedgerResult.DEDUCTED.debitRefused()).isFalse();
		assertThat(LedgerResult.ALREADY_FLOWED.debitRefused()).isFalse();
		assertThat(LedgerResult.paidByOtherPayment("PN1").debitRefused()).isFalse();
		assertThat(LedgerResult.CONFLICT.debitRefused()).isFalse();
	}

}
