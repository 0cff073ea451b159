package io.payonce.bench;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ExactlyOnceTest {

	private static final long AMOUNT = 2500;

	/** A set of {@code n} payments deducted exactly once each. */
	private static ExactlyOnce.Check exact(String name, long n) {
		return new ExactlyOnce.Check(name, n, n, n, n, n, n * AMOUNT, AMOUNT);
	}

	@Test
	void everyPaymentDeductedOnceAndPaidPasses() {
		ExactlyOnce.Verdict verdict = new ExactlyOnce.Verdict(List.of(exact("e2eMax", 6940), exact("mix30", 6000)));

		assertThat(verdict.passed()).isTrue();
		assertThat(verdict.failures()).isEmpty();
		assertThat(verdict.headline()).isEmpty();
	}

	@Test
	void aSecondFlowForOneOrderIsADuplicateDeduction() {
		ExactlyOnce.Check check = new ExactlyOnce.Check("e2eMax", 100, 100, 101, 100, 100, 101 * AMOUNT, AMOUNT);

		assertThat(check.passed()).isFalse();
		assertThat(check.failures()).contains("e2eMax: duplicate deduction: 101 flows for 100 business numbers",
				"e2eMax: balances lowered by 2525.00 instead of 2500.00");
	}

	@Test
	void anAcceptedPaymentWithoutDeductionIsLost() {
		ExactlyOnce.Check check = new ExactlyOnce.Check("e2eHalf", 100, 100, 99, 99, 99, 99 * AMOUNT, AMOUNT);

		assertThat(check.failures()).first().isEqualTo("e2eHalf: lost payments: 1 of 100 have no deduction");
	}

	@Test
	void anAnswerAcceptedWithoutAPaymentRowIsLost() {
		ExactlyOnce.Check check = new ExactlyOnce.Check("e2eMax", 99, 100, 99, 99, 99, 99 * AMOUNT, AMOUNT);

		assertThat(check.failures()).containsExactly("e2eMax: lost payments: 1 answered ACCEPTED without a payment"
				+ " to deduct");
	}

	@Test
	void aPaymentWhoseAnswerTheClientMissedMustStillBeDeducted() {
		// a timed-out request: the gateway committed it, the load generator never saw ACCEPTED
		ExactlyOnce.Check check = new ExactlyOnce.Check("e2eMax", 100, 99, 100, 100, 100, 100 * AMOUNT, AMOUNT);

		assertThat(check.passed()).isTrue();
	}

	@Test
	void aBalanceMovedTwiceWithOneFlowFails() {
		ExactlyOnce.Check check = new ExactlyOnce.Check("mix30", 10, 10, 10, 10, 10, 11 * AMOUNT, AMOUNT);

		assertThat(check.failures()).containsExactly("mix30: balances lowered by 275.00 instead of 250.00");
	}

	@Test
	void paidOrdersMustMatchTheDeductions() {
		ExactlyOnce.Check check = new ExactlyOnce.Check("gatewayBacklog", 10, 10, 10, 10, 9, 10 * AMOUNT, AMOUNT);

		assertThat(check.failures()).containsExactly("gatewayBacklog: 9 PAID orders for 10 deducted ones");
	}

	@Test
	void oneFailedCheckFailsTheRunAndHeadsTheTable() {
		ExactlyOnce.Verdict verdict = new ExactlyOnce.Verdict(List.of(exact("e2eMax", 50),
				new ExactlyOnce.Check("e2eHalf", 50, 50, 51, 50, 50, 50 * AMOUNT, AMOUNT)));

		assertThat(verdict.passed()).isFalse();
		assertThat(verdict.headline()).startsWith("FAILED: exactly-once checks failed (1): e2eHalf: duplicate");
	}

	@Test
	void aRunWithoutChecksDoesNotPass() {
		ExactlyOnce.Verdict verdict = new ExactlyOnce.Verdict(List.of());

		assertThat(verdict.passed()).isFalse();
		assertThat(verdict.headline()).contains("no exactly-once check ran");
	}

}
