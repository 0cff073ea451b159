package io.payonce.dlt.forecast;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.payonce.contract.EventCodec;
import io.payonce.contract.PaySuccess;
import io.payonce.dlt.forecast.ReplayForecast.Verdict;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.dlt.terminal.TerminalStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The forecast says what the deduct-consumer would do with the replayed payment now, in the consumer's order of
 * checks: order found, paid by another payment, matching user/amount/currency, already paid, payable state, account,
 * currency, balance.
 */
class ReplayForecastTest {

	private static final PaySuccess PAYMENT = new PaySuccess("PAY-1", "P1", 10086, new BigDecimal("199.00"), "CNY",
			Instant.parse("2026-11-30T20:00:00Z"));

	private static OrderFacts order(String status, String payNo, OrderFacts.Account account) {
		return new OrderFacts("P1", status, 10086, new BigDecimal("199.00"), "CNY", payNo, account);
	}

	private static OrderFacts.Account cny(String balance) {
		return new OrderFacts.Account(new BigDecimal(balance), "CNY");
	}

	@Test
	void anUnpaidOrderWhosePayerCoversTheAmountWouldBeDeducted() {
		ReplayForecast forecast = ReplayForecast.of(PAYMENT, Optional.of(order("INIT", null, cny("500.00"))));

		assertThat(forecast.verdict()).isEqualTo(Verdict.WOULD_DEDUCT);
		assertThat(forecast.text()).isEqualTo("would succeed: deducts 199.00 CNY from balance 500.00");
	}

	@Test
	void aBalanceExactlyTheAmountWouldBeDeductedAsTheConsumersBalanceMinusAmountAtLeastZero() {
		assertThat(ReplayForecast.of(PAYMENT, Optional.of(order("INIT", null, cny("199")))).verdict())
			.isEqualTo(Verdict.WOULD_DEDUCT);
	}

	@Test
	void aBalanceBelowTheAmountWouldFailNamingBoth() {
		ReplayForecast forecast = ReplayForecast.of(PAYMENT, Optional.of(order("INIT", null, cny("10"))));

		assertThat(forecast.verdict()).isEqualTo(Verdict.INSUFFICIENT_BALANCE);
		assertThat(forecast.text()).isEqualTo("would fail: balance 10.00 < amount 199.00");
	}

	@Test
	void anOrderPaidOrSettledByThisPaymentWouldDeductNothing() {
		for (String status : List.of("PAID", "SETTLED")) {
			ReplayForecast forecast = ReplayForecast.of(PAYMENT, Optional.of(order(status, "PAY-1", cny("0.00"))));

			assertThat(forecast.verdict()).as(status).isEqualTo(Verdict.ALREADY_PAID);
			assertThat(forecast.text()).as(status).isEqualTo("already paid: the replay would deduct nothing (order "
					+ status + ")");
		}
		// paid before payNos were recorded: the consumer takes it for this payment
		assertThat(ReplayForecast.of(PAYMENT, Optional.of(order("PAID", null, cny("0.00")))).verdict())
			.isEqualTo(Verdict.ALREADY_PAID);
	}

	@Test
	void anOrderPaidByAnotherPaymentWouldDeductNothingAndTheMoneyIsOwedBack() {
		ReplayForecast forecast = ReplayForecast.of(PAYMENT, Optional.of(order("PAID", "PAY-2", cny("500.00"))));

		assertThat(forecast.verdict()).isEqualTo(Verdict.PAID_BY_OTHER_PAYMENT);
		assertThat(forecast.text()).contains("PAY-2", "deduct nothing", "199.00 CNY is owed back");
	}

	@Test
	void aMissingOrderAccountOrAnotherCurrencyWouldFailNamingIt() {
		assertThat(ReplayForecast.of(PAYMENT, Optional.empty()).verdict()).isEqualTo(Verdict.ORDER_NOT_FOUND);

		ReplayForecast noAccount = ReplayForecast.of(PAYMENT, Optional.of(order("INIT", null, null)));
		assertThat(noAccount.verdict()).isEqualTo(Verdict.ACCOUNT_NOT_FOUND);
		assertThat(noAccount.text()).contains("user 10086 has no account");

		ReplayForecast usd = ReplayForecast.of(PAYMENT,
				Optional.of(order("INIT", null, new OrderFacts.Account(new BigDecimal("1000.00"), "USD"))));
		assertThat(usd.verdict()).isEqualTo(Verdict.CURRENCY_MISMATCH);
		assertThat(usd.text()).isEqualTo("would fail: the account holds USD, the payment is in CNY");
	}

	@Test
	void aFrozenAccountsReplayWouldWaitWhateverItsBalanceOrCurrency() {
		ReplayForecast covered = ReplayForecast.of(PAYMENT,
				Optional.of(order("INIT", null, new OrderFacts.Account(new BigDecimal("500.00"), "CNY", true))));
		ReplayForecast usd = ReplayForecast.of(PAYMENT,
				Optional.of(order("INIT", null, new OrderFacts.Account(new BigDecimal("1.00"), "USD", true))));

		assertThat(covered.verdict()).isEqualTo(Verdict.ACCOUNT_FROZEN);
		assertThat(covered.text()).startsWith("would wait: the deductions of user 10086 are frozen");
		assertThat(usd.verdict()).isEqualTo(Verdict.ACCOUNT_FROZEN);
	}

	@Test
	void aPaymentThatDiffersFromTheOrderIsAConflictWhateverTheBalance() {
		OrderFacts other = new OrderFacts("P1", "INIT", 10086, new BigDecimal("99.00"), "CNY", null, cny("500.00"));

		assertThat(ReplayForecast.of(PAYMENT, Optional.of(other)).verdict()).isEqualTo(Verdict.CONFLICT);
		// the same money written otherwise is the same amount, as in the consumer
		OrderFacts sameMoney = new OrderFacts("P1", "INIT", 10086, new BigDecimal("199.0"), "CNY", null, cny("500"));
		assertThat(ReplayForecast.of(PAYMENT, Optional.of(sameMoney)).verdict()).isEqualTo(Verdict.WOULD_DEDUCT);
	}

	@Test
	void aClosedRefundedOrUnknownStateIsNotPayable() {
		for (String status : List.of("CLOSED", "REFUNDED", "paid")) {
			assertThat(ReplayForecast.of(PAYMENT, Optional.of(order(status, null, cny("500.00")))).verdict())
				.as(status)
				.isEqualTo(Verdict.ILLEGAL_STATE);
		}
	}

	@Test
	void aLedgerThatCannotBeAskedMakesTheForecastUnknownNamingWhy() {
		ReplayForecaster forecaster = new ReplayForecaster((orderNo) -> {
			throw new OrderLedger.LedgerUnavailableException("GET http://localhost:8085/api/v1/orders/P1 failed", null);
		});

		ReplayForecast forecast = forecaster.forecast(record(EventCodec.encodeToString(PAYMENT)));

		assertThat(forecast.verdict()).isEqualTo(Verdict.UNKNOWN);
		assertThat(forecast.text()).isEqualTo(
				"unknown: the ledger could not be asked: GET http://localhost:8085/api/v1/orders/P1 failed");
	}

	@Test
	void aRecordThatIsNotAReadablePaySuccessIsUnknownAndTheLedgerIsNotAsked() {
		ReplayForecaster forecaster = new ReplayForecaster((orderNo) -> {
			throw new AssertionError("asked the ledger for " + orderNo);
		});

		ReplayForecast forecast = forecaster.forecast(record("{\"orderNo\":\"P1\"}"));

		assertThat(forecast.verdict()).isEqualTo(Verdict.UNKNOWN);
		assertThat(forecast.text()).startsWith("unknown: the record is not a readable PaySuccess");
	}

	@Test
	void theForecasterAsksTheLedgerForTheRecordsOrder() {
		ReplayForecaster forecaster = new ReplayForecaster(
				(orderNo) -> "P1".equals(orderNo) ? Optional.of(order("INIT", null, cny("10.00"))) : Optional.empty());

		assertThat(forecaster.forecast(record(new String(EventCodec.encode(PAYMENT), StandardCharsets.UTF_8)))
			.verdict()).isEqualTo(Verdict.INSUFFICIENT_BALANCE);
	}

	private static TerminalRecord record(String payload) {
		Instant at = Instant.parse("2026-11-30T20:01:00Z");
		return new TerminalRecord("evt-1", "P1", "PaySuccess", "RETRIES_EXHAUSTED", null, "insufficient balance", 6, at,
				at, payload, Map.of(), List.of(), "0:1", TerminalStatus.OPEN, null, null, null);
	}

}
