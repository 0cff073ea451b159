package io.payonce.reconciliation.platform;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.payonce.platform.PaymentPlatform;
import io.payonce.platform.PlatformPayment;
import io.payonce.platform.QueryAnswer;
import io.payonce.platform.Statement;
import io.payonce.reconciliation.platform.ActiveQuery.Outcome;
import io.payonce.reconciliation.platform.UnpaidOrders.Cursor;
import io.payonce.reconciliation.platform.UnpaidOrders.UnpaidOrder;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Active query's rules with an in-memory trade schema, platform and gateway. */
class ActiveQueryTest {

	private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

	private final Orders orders = new Orders();

	private final Platform platform = new Platform();

	private final FakeGateway gateway = new FakeGateway();

	private ActiveQuery activeQuery(int maxPerSweep) {
		return new ActiveQuery(this.orders, this.platform, this.gateway, Clock.fixed(NOW, ZoneOffset.UTC),
				Duration.ofMinutes(10), Duration.ofDays(2), maxPerSweep);
	}

	@Test
	void paidOrderWithoutCallbackIsBroughtInOnceAsFoundByQuery() {
		// given: an order unpaid for an hour that the platform took a payment for
		this.orders.add("O-1", NOW.minus(Duration.ofHours(1)));
		this.platform.paid(payment("PN-1", "O-1", 0));
		ActiveQuery activeQuery = activeQuery(1000);

		// when: two sweeps (or two instances)
		ActiveQuery.Sweep first = activeQuery.sweep();
		ActiveQuery.Sweep second = activeQuery.sweep();

		// then: recorded once, marked QUERY; the second sweep sees the gateway holds it and does not ask
		assertThat(first.orders(Outcome.PAID)).isEqualTo(1);
		assertThat(first.submitted(RepairAnswer.Result.ACCEPTED)).isEqualTo(1);
		assertThat(first.found()).extracting((found) -> found.payment().payNo()).containsExactly("PN-1");
		assertThat(this.gateway.sources).containsExactly(Map.entry("PN-1", RepairSource.QUERY));
		assertThat(second.orders(Outcome.HELD_BY_GATEWAY)).isEqualTo(1);
		assertThat(this.platform.asked).containsExactly("O-1");
	}

	@Test
	void paymentAnotherInstanceRecordedMeanwhileIsNotRecordedAgain() {
		// given: this instance read the gateway before another instance (or the late callback) recorded the payment
		this.orders.add("O-1", NOW.minus(Duration.ofHours(1)));
		this.platform.paid(payment("PN-1", "O-1", 0));
		this.gateway.rows.put("PN-1", payment("PN-1", "O-1", 0));

		// when
		ActiveQuery.Sweep sweep = activeQuery(1000).sweep();

		// then: the intake answers DUPLICATE: no second row, nothing reported as found
		assertThat(sweep.submitted(RepairAnswer.Result.DUPLICATE)).isEqualTo(1);
		assertThat(sweep.found()).isEmpty();
		assertThat(this.gateway.rows).hasSize(1);
	}

	@Test
	void doubleChargeBringsInThePaymentAndTheOneOwedBack() {
		// given: the platform charged the order twice and both callbacks were lost
		this.orders.add("O-1", NOW.minus(Duration.ofHours(1)));
		this.platform.paid(payment("PN-2", "O-1", 17), payment("PN-1", "O-1", 0));

		// when
		ActiveQuery.Sweep sweep = activeQuery(1000).sweep();

		// then: oldest first, so the first pays the order and the second is on the refund list
		assertThat(this.gateway.submissions).containsExactly("PN-1", "PN-2");
		assertThat(sweep.submitted(RepairAnswer.Result.ACCEPTED)).isEqualTo(1);
		assertThat(sweep.submitted(RepairAnswer.Result.DUPLICATE_PAYMENT)).isEqualTo(1);
	}

	@Test
	void notPaidAndNoAnswerChangeNothing() {
		// given
		this.orders.add("O-NOT", NOW.minus(Duration.ofHours(1)));
		this.orders.add("O-SILENT", NOW.minus(Duration.ofHours(2)));
		this.platform.answers.put("O-SILENT", new QueryAnswer.Unknown("O-SILENT", "HTTP 503"));

		// when
		ActiveQuery.Sweep sweep = activeQuery(1000).sweep();

		// then
		assertThat(sweep.orders(Outcome.NOT_PAID)).isEqualTo(1);
		assertThat(sweep.orders(Outcome.UNKNOWN)).isEqualTo(1);
		assertThat(this.gateway.submissions).isEmpty();
	}

	@Test
	void ordersTooYoungOrTooOldAreNotAsked() {
		// given
		this.orders.add("O-YOUNG", NOW.minus(Duration.ofMinutes(9)));
		this.orders.add("O-OLD", NOW.minus(Duration.ofDays(3)));
		this.orders.add("O-DUE", NOW.minus(Duration.ofMinutes(11)));

		// when
		activeQuery(1000).sweep();

		// then
		assertThat(this.platform.asked).containsExactly("O-DUE");
	}

	@Test
	void gatewayDownStopsTheSweepWithoutAskingThePlatform() {
		// given
		this.orders.add("O-1", NOW.minus(Duration.ofHours(1)));
		this.platform.paid(payment("PN-1", "O-1", 0));
		this.gateway.down = true;

		// when
		ActiveQuery.Sweep sweep = activeQuery(1000).sweep();

		// then
		assertThat(sweep.orders(Outcome.GATEWAY_UNAVAILABLE)).isEqualTo(1);
		assertThat(this.platform.asked).isEmpty();
		assertThat(this.gateway.rows).isEmpty();
	}

	@Test
	void boundedSweepsWalkOnAndStartAgainFromTheOldest() {
		// given: 250 orders nobody paid, at most 100 per sweep
		for (int i = 0; i < 250; i++) {
			this.orders.add("O-%03d".formatted(i), NOW.minus(Duration.ofHours(1)).plusMillis(i));
		}
		ActiveQuery activeQuery = activeQuery(100);

		// when
		List<Integer> looked = new ArrayList<>();
		for (int sweep = 0; sweep < 4; sweep++) {
			looked.add(activeQuery.sweep().looked());
		}

		// then: every order asked once in the first three sweeps, the fourth starts again
		assertThat(looked).containsExactly(100, 100, 50, 100);
		assertThat(this.platform.asked.subList(0, 250)).doesNotHaveDuplicates().hasSize(250);
		assertThat(this.platform.asked.get(250)).isEqualTo("O-000");
	}

	private static PlatformPayment payment(String payNo, String orderNo, int secondsAfter) {
		return new PlatformPayment(payNo, orderNo, 10086, new BigDecimal("199.00"), "CNY", "SUCCESS",
				NOW.minus(Duration.ofHours(1)).plusSeconds(secondsAfter));
	}

	private static final class Orders implements UnpaidOrders {

		private final List<UnpaidOrder> rows = new ArrayList<>();

		void add(String orderNo, Instant createdAt) {
			this.rows.add(new UnpaidOrder(orderNo, createdAt));
		}

		@Override
		public List<UnpaidOrder> page(Cursor from, Instant createdBefore, int limit) {
			Comparator<UnpaidOrder> order = Comparator.comparing(UnpaidOrder::createdAt)
				.thenComparing(UnpaidOrder::orderNo);
			return this.rows.stream()
				.filter((o) -> o.createdAt().isBefore(createdBefore))
				.filter((o) -> o.createdAt().isAfter(from.createdAt())
						|| (o.createdAt().equals(from.createdAt()) && o.orderNo().compareTo(from.orderNo()) > 0))
				.sorted(order)
				.limit(limit)
				.toList();
		}

	}

	private static final class Platform implements PaymentPlatform {

		final Map<String, QueryAnswer> answers = new HashMap<>();

		final List<String> asked = new ArrayList<>();

		void paid(PlatformPayment... payments) {
			this.answers.put(payments[0].orderNo(), new QueryAnswer.Paid(payments[0].orderNo(), List.of(payments)));
		}

		@Override
		public QueryAnswer query(String orderNo) {
			this.asked.add(orderNo);
			return this.answers.getOrDefault(orderNo, new QueryAnswer.NotPaid(orderNo));
		}

		@Override
		public Statement statement(LocalDate day) {
			throw new UnsupportedOperationException();
		}

	}

}
