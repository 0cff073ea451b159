package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import io.payonce.consumer.deduct.domain.ClaimOutcome;
import io.payonce.consumer.deduct.domain.IdempotencyGuard;
import io.payonce.consumer.deduct.domain.Ledger;
import io.payonce.consumer.deduct.domain.LedgerResult;
import io.payonce.contract.PaySuccess;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code ab-1} and {@code AB-1} are two orders in every store the consumer keys by orderNo: the trade database,
 * the Redis guard and the Kafka record key. Neither is ever taken for the other (issue 14: one of them used to be
 * a silent DUPLICATE of the state layer).
 */
class OrderNumbersAreByteExactInEveryStoreIT {

	@RegisterExtension
	static final ConsumerFixture fixture = ConsumerFixture.named("byte-exact");

	@Test
	void theTradeDatabaseKeepsTwoOrdersThatDifferOnlyInCaseAndDeductsEach() {
		// given two INIT orders of one user that differ only in case
		TwoSpellings orders = twoInitOrdersThatDifferOnlyInCase();

		// when the ledger deducts a payment for each
		List<LedgerResult> results = fixture.consumer()
			.bean(Ledger.class)
			.deductAll(List.of(orders.forLower(), orders.forUpper()), Instant.now());

		// then both are deducted, each under its own business number
		assertThat(results).extracting(LedgerResult::kind).containsExactly(LedgerResult.Kind.DEDUCTED, LedgerResult.Kind.DEDUCTED);
		assertThat(fixture.trade().deductions(orders.lower())).isEqualTo(1);
		assertThat(fixture.trade().deductions(orders.upper())).isEqualTo(1);
		assertThat(fixture.trade().orderStatus(orders.lower())).isEqualTo("PAID");
		assertThat(fixture.trade().orderStatus(orders.upper())).isEqualTo("PAID");
		assertThat(fixture.trade().balance(orders.user())).isEqualByComparingTo("70.00");
	}

	@Test
	void theRedisGuardKeysTwoOrdersThatDifferOnlyInCaseApart() {
		// given
		IdempotencyGuard guard = fixture.consumer().bean(IdempotencyGuard.class);
		String lower = aLowerCaseOrderNo();
		String upper = lower.toUpperCase(Locale.ROOT);

		// when each is claimed and the lower-case one is completed
		var lowerClaim = guard.claim(lower, "fp-lower");
		var upperClaim = guard.claim(upper, "fp-upper");
		guard.markDone(lowerClaim, "fp-lower");

		// then each got a key of its own, and completing one did not touch the other
		assertThat(lowerClaim.outcome()).isEqualTo(ClaimOutcome.ACQUIRED);
		assertThat(upperClaim.outcome()).isEqualTo(ClaimOutcome.ACQUIRED);
		assertThat(guard.claim(lower, "fp-lower").outcome()).isEqualTo(ClaimOutcome.DONE_SAME_PAYMENT);
		assertThat(guard.claim(upper, "fp-upper").outcome()).isEqualTo(ClaimOutcome.HELD_BY_OTHER);
	}

	@Test
	void twoPaymentsWhoseOrderNumbersDifferOnlyInCaseAreTwoDeductionsThroughKafka() {
		// given two orders of one user that differ only in case, and a payment (payNo of its own) for each
		TwoSpellings orders = twoInitOrdersThatDifferOnlyInCase();
		assertThat(orders.forLower().payNo()).isNotEqualTo(orders.forUpper().payNo());

		// when both arrive on pay.success, keyed by their orderNo as the relay keys them
		fixture.topics().publish(orders.forLower());
		fixture.topics().publish(orders.forUpper());

		// then both are deducted; neither is a duplicate of the other
		await().atMost(Duration.ofSeconds(60)).untilAsserted(() -> {
			assertThat(fixture.trade().deductions(orders.lower())).isEqualTo(1);
			assertThat(fixture.trade().deductions(orders.upper())).isEqualTo(1);
		});
		await().atMost(Duration.ofSeconds(30)).until(() -> fixture.committed() == fixture.end());
		assertThat(fixture.trade().balance(orders.user())).isEqualByComparingTo(new BigDecimal("70.00"));
		assertThat(fixture.consumer().total("FIRST")).isEqualTo(2.0);
		assertThat(fixture.consumer().total("DUPLICATE")).isZero();
	}

	/** One user with 100.00, an INIT order of 10.00 in lower case and one of 20.00 in upper case. */
	private static TwoSpellings twoInitOrdersThatDifferOnlyInCase() {
		long user = Fixtures.aUserId();
		String lower = aLowerCaseOrderNo();
		String upper = lower.toUpperCase(Locale.ROOT);
		fixture.trade().account(user, "100.00");
		fixture.trade().order(lower, user, "10.00", "INIT");
		fixture.trade().order(upper, user, "20.00", "INIT");
		return new TwoSpellings(user, lower, upper);
	}

	private record TwoSpellings(long user, String lower, String upper) {

		PaySuccess forLower() {
			return Fixtures.aPayment(this.lower, this.user, "10.00");
		}

		PaySuccess forUpper() {
			return Fixtures.aPayment(this.upper, this.user, "20.00");
		}

	}

	/** Letters in it, so that upper case is another spelling. */
	private static String aLowerCaseOrderNo() {
		return "ab-" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
	}

}
