package io.payonce.simulator.payment;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.payonce.platform.Statement;
import io.payonce.platform.StatementRow;
import io.payonce.platform.statement.StatementCsv;
import io.payonce.simulator.MutableClock;
import io.payonce.simulator.callback.Attempt;
import io.payonce.simulator.callback.CallbackDelivery;
import io.payonce.simulator.callback.DeliveryState;
import io.payonce.simulator.callback.RetrySchedule;
import io.payonce.simulator.journal.Journal;
import io.payonce.simulator.statement.StatementArchive;
import io.payonce.simulator.statement.StatementNotReadyException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class PlatformTest {

	private static final LocalDate DAY = LocalDate.parse("2026-09-28");

	private final MutableClock clock = MutableClock.at("2026-09-28T02:00:12.345Z");

	private final Journal journal = Journal.inMemory();

	private final StatementArchive archive = StatementArchive.inMemory();

	private final RetrySchedule schedule = RetrySchedule.local();

	private Platform platform = platform(FaultPlan.none());

	@Test
	void aChargeIsOnePaymentTimedToTheSecondWithItsFeeAndOneCallbackDueNow() {
		// when
		Charge charge = this.platform.charge(aCharge("ORD-1", "199.00"));

		// then
		Payment payment = single(charge);
		assertThat(payment.payNo()).matches("PN-[A-Z2-9]{8}-00000001");
		assertThat(payment.paidAt()).isEqualTo(Instant.parse("2026-09-28T02:00:12Z"));
		assertThat(payment.fee()).isEqualByComparingTo("1.19");
		assertThat(payment.status()).isEqualTo("SUCCESS");
		assertThat(this.platform.deliveriesOf(payment.payNo())).singleElement().satisfies(delivery -> {
			assertThat(delivery.state()).isEqualTo(DeliveryState.PENDING);
			assertThat(delivery.nextAttemptAt()).isEqualTo(this.clock.instant());
			assertThat(delivery.callback().amount()).isEqualByComparingTo("199.00");
			assertThat(delivery.callback().paidAt()).isEqualTo(payment.paidAt());
		});
	}

	@Test
	void theFeeIsRoundedHalfUpToTheCent() {
		PlatformSettings settings = PlatformSettings.defaults();

		assertThat(settings.feeOf(new BigDecimal("12.50"))).isEqualByComparingTo("0.08"); // 0.075
		assertThat(settings.feeOf(new BigDecimal("12.49"))).isEqualByComparingTo("0.07"); // 0.07494
		assertThat(settings.feeOf(new BigDecimal("0.01"))).isEqualByComparingTo("0.00");
	}

	@Test
	void aLostCallbackIsNeverPlannedButQueryAndStatementKnowThePayment() {
		Payment payment = single(this.platform.charge(aCharge("ORD-1", "25.00").withFaults(Set.of(Fault.LOSE_CALLBACK))));

		assertThat(this.platform.deliveriesOf(payment.payNo())).isEmpty();
		this.clock.advance(Duration.ofHours(1));
		assertThat(this.platform.takeDue(100)).isEmpty();
		assertThat(this.platform.paymentsOf("ORD-1")).containsExactly(payment);
		assertThat(statementOf(DAY).payments()).extracting(StatementRow::payNo).containsExactly(payment.payNo());
		assertThat(this.platform.summary().lostCallbacks()).isEqualTo(1);
	}

	@Test
	void aDuplicatedCallbackIsTwoDeliveriesOfTheSameBodyOneSecondApart() {
		Payment payment = single(
				this.platform.charge(aCharge("ORD-1", "25.00").withFaults(Set.of(Fault.DUPLICATE_CALLBACK))));

		List<CallbackDelivery> deliveries = this.platform.deliveriesOf(payment.payNo());

		assertThat(deliveries).extracting(CallbackDelivery::copy).containsExactly(1, 2);
		assertThat(deliveries.get(1).callback()).isEqualTo(deliveries.get(0).callback());
		assertThat(Duration.between(deliveries.get(0).firstAttemptAt(), deliveries.get(1).firstAttemptAt()))
			.isEqualTo(Duration.ofSeconds(1));
	}

	@Test
	void aDoubleChargeIsASecondPaymentSeventeenSecondsLaterWithItsOwnCallbackOnTheStatementAndInTheQuery() {
		// when
		Charge charge = this.platform.charge(aCharge("ORD-1", "199.00").withFaults(Set.of(Fault.CHARGE_TWICE)));

		// then
		assertThat(charge.payments()).hasSize(2);
		Payment first = charge.payments().get(0);
		Payment second = charge.payments().get(1);
		assertThat(second.payNo()).isNotEqualTo(first.payNo());
		assertThat(second.secondChargeOf()).isEqualTo(first.payNo());
		assertThat(second.faults()).isEmpty();
		assertThat(List.of(second.orderNo(), second.userId(), second.amount(), second.currency()))
			.isEqualTo(List.of(first.orderNo(), first.userId(), first.amount(), first.currency()));
		assertThat(Duration.between(first.paidAt(), second.paidAt())).isEqualTo(Duration.ofSeconds(17));
		assertThat(this.platform.deliveriesOf(second.payNo())).singleElement()
			.satisfies(delivery -> assertThat(delivery.firstAttemptAt()).isEqualTo(this.clock.instant().plusSeconds(17)));
		assertThat(this.platform.paymentsOf("ORD-1")).containsExactly(first, second);
		assertThat(statementOf(DAY).payments()).extracting(StatementRow::payNo)
			.containsExactly(first.payNo(), second.payNo());
		assertThat(this.platform.summary().secondCharges()).isEqualTo(1);
	}

	@Test
	void aMisstatedCallbackAmountIsOffByTheDeltaOnlyInTheCallback() {
		Payment payment = single(
				this.platform.charge(aCharge("ORD-1", "199.00").withFaults(Set.of(Fault.MISSTATE_CALLBACK_AMOUNT))));

		assertThat(this.platform.deliveriesOf(payment.payNo()).get(0).callback().amount()).isEqualByComparingTo("199.01");
		assertThat(this.platform.paymentsOf("ORD-1").get(0).amount()).isEqualByComparingTo("199.00");
		assertThat(statementOf(DAY).payments().get(0).amount()).isEqualByComparingTo("199.00");
	}

	@Test
	void aMisstatedStatementAmountIsOffByTheDeltaOnlyOnTheStatement() {
		Payment payment = single(
				this.platform.charge(aCharge("ORD-1", "199.00").withFaults(Set.of(Fault.MISSTATE_STATEMENT_AMOUNT))));

		assertThat(this.platform.deliveriesOf(payment.payNo()).get(0).callback().amount()).isEqualByComparingTo("199.00");
		assertThat(this.platform.paymentsOf("ORD-1").get(0).amount()).isEqualByComparingTo("199.00");
		Statement statement = statementOf(DAY);
		assertThat(statement.payments().get(0).amount()).isEqualByComparingTo("199.01");
		assertThat(statement.payments().get(0).fee()).isEqualByComparingTo("1.19");
		assertThat(statement.isClean()).isTrue();
	}

	@Test
	void faultsAreDrawnFromThePlanInChargeOrderAndNamedFaultsTakeNoNumber() {
		// given a plan that loses every second callback
		this.platform = platform(new FaultPlan(11L, Map.of(Fault.LOSE_CALLBACK, new BigDecimal("0.5"))));

		// when ten charges draw and one names its faults in between
		for (int i = 1; i <= 10; i++) {
			this.platform.charge(aCharge("ORD-" + i, "1.00"));
			if (i == 5) {
				this.platform.charge(aCharge("ORD-NAMED", "1.00").withFaults(Set.of()));
			}
		}

		// then exactly five of the ten drawn charges lost their callback, numbered 1..10, and the named one is 0
		List<Payment> drawn = this.platform.payments().stream().filter(payment -> payment.charge() > 0).toList();
		assertThat(drawn).extracting(Payment::charge).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
		assertThat(drawn.stream().filter(payment -> payment.faults().contains(Fault.LOSE_CALLBACK))).hasSize(5);
		assertThat(this.platform.paymentsOf("ORD-NAMED").get(0).charge()).isZero();
		assertThat(this.platform.paymentsOf("ORD-NAMED").get(0).faults()).isEmpty();
	}

	@Test
	void aPaidOrderIsNotChargedAgain() {
		this.platform.charge(aCharge("ORD-1", "25.00"));

		assertThatExceptionOfType(ChargeRefusedException.class)
			.isThrownBy(() -> this.platform.charge(aCharge("ORD-1", "25.00")))
			.satisfies(ex -> assertThat(ex.reason()).isEqualTo(ChargeRefusedException.Reason.ORDER_ALREADY_PAID));
		assertThat(this.platform.payments()).hasSize(1);
	}

	@Test
	void anInvalidChargeNamesEveryBrokenField() {
		ChargeRequest invalid = new ChargeRequest("ORD 1", 0L, new BigDecimal("1.001"), "ABC", null, null);

		assertThatExceptionOfType(InvalidChargeException.class).isThrownBy(() -> this.platform.charge(invalid))
			.satisfies(ex -> assertThat(ex.errors()).extracting(FieldError::field)
				.containsExactly("orderNo", "userId", "amount", "currency"));
		assertThat(this.platform.payments()).isEmpty();
		assertThat(this.journal.entries()).hasSize(1); // only the Opened entry
	}

	@Test
	void aStatementIsReadyWhenItsUtcDayIsOverAndHoldsExactlyThatDay() {
		// given payments at the last second of the day and the first second of the next
		this.platform.charge(aCharge("ORD-LATE", "10.00").paidAt(Instant.parse("2026-09-28T23:59:59Z")));
		this.platform.charge(aCharge("ORD-NEXT", "20.00").paidAt(Instant.parse("2026-09-29T00:00:00Z")));

		// then the day is not over before midnight UTC
		this.clock.set(Instant.parse("2026-09-28T23:59:59.999Z"));
		assertThatExceptionOfType(StatementNotReadyException.class).isThrownBy(() -> this.platform.statement(DAY))
			.satisfies(ex -> assertThat(ex.readyAt()).isEqualTo(Instant.parse("2026-09-29T00:00:00Z")));

		// and at midnight it holds the 23:59:59 payment and not the 00:00:00 one
		this.clock.set(Instant.parse("2026-09-29T00:00:00Z"));
		Statement statement = StatementCsv.parse(DAY, this.platform.statement(DAY));
		assertThat(statement.isClean()).isTrue();
		assertThat(statement.payments()).extracting(StatementRow::orderNo).containsExactly("ORD-LATE");
	}

	@Test
	void anIssuedStatementNeverChangesAndItsDayTakesNoMorePayments() {
		this.platform.charge(aCharge("ORD-1", "10.00"));
		this.clock.set(Instant.parse("2026-09-29T08:00:00Z"));
		byte[] issued = this.platform.statement(DAY);

		// when a payment dated on the issued day is asked for
		assertThatExceptionOfType(ChargeRefusedException.class)
			.isThrownBy(() -> this.platform.charge(aCharge("ORD-2", "10.00").paidAt(Instant.parse("2026-09-28T12:00:00Z"))))
			.satisfies(ex -> assertThat(ex.reason()).isEqualTo(ChargeRefusedException.Reason.STATEMENT_ISSUED));

		// then the statement is byte for byte the same
		assertThat(this.platform.statement(DAY)).isEqualTo(issued);
		assertThat(new String(issued, StandardCharsets.UTF_8)).contains(",ORD-1,").doesNotContain("ORD-2");
	}

	@Test
	void aRestartedPlatformHasItsPaymentsAttemptsAndNumbersBack() {
		// given a platform with a double charge, one failed attempt and one drawn charge
		this.platform = platform(new FaultPlan(5L, Map.of(Fault.DUPLICATE_CALLBACK, BigDecimal.ONE)));
		Charge twice = this.platform.charge(aCharge("ORD-1", "10.00").withFaults(Set.of(Fault.CHARGE_TWICE)));
		this.platform.charge(aCharge("ORD-2", "10.00"));
		CallbackDelivery due = this.platform.takeDue(1).get(0);
		this.platform.recordAttempt(due.id(), Attempt.failed(1, this.clock.instant(), Duration.ofMillis(2), "refused"));

		// when a new platform starts from the same journal
		Platform restarted = platform(new FaultPlan(5L, Map.of(Fault.DUPLICATE_CALLBACK, BigDecimal.ONE)));

		// then it knows everything, and the next payNo and charge number follow on
		assertThat(restarted.instanceId()).isEqualTo(this.platform.instanceId());
		assertThat(restarted.payments()).isEqualTo(this.platform.payments());
		assertThat(restarted.deliveriesOf(due.payNo())).isEqualTo(this.platform.deliveriesOf(due.payNo()));
		assertThat(restarted.deliveriesOf(due.payNo()).get(0).attempts()).hasSize(1);
		Charge next = restarted.charge(aCharge("ORD-3", "10.00"));
		assertThat(single(next).payNo()).endsWith("-00000004");
		assertThat(next.number()).isEqualTo(2);
		assertThat(restarted.summary().payments()).isEqualTo(4);
		assertThat(twice.payments()).hasSize(2);
	}

	private Platform platform(FaultPlan plan) {
		return new Platform(PlatformSettings.defaults(), plan, this.schedule, this.journal, this.archive, this.clock);
	}

	private Statement statementOf(LocalDate day) {
		this.clock.set(day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant());
		return StatementCsv.parse(day, this.platform.statement(day));
	}

	private static ChargeRequest aCharge(String orderNo, String amount) {
		return ChargeRequest.of(orderNo, 10086, new BigDecimal(amount), "CNY");
	}

	private static Payment single(Charge charge) {
		assertThat(charge.payments()).hasSize(1);
		return charge.payments().get(0);
	}

}
