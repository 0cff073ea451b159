package io.payonce.reconciliation.platform;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.payonce.platform.PaymentPlatform;
import io.payonce.platform.PlatformPayment;
import io.payonce.platform.QueryAnswer;
import io.payonce.reconciliation.platform.UnpaidOrders.Cursor;
import io.payonce.reconciliation.platform.UnpaidOrders.UnpaidOrder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks the platform about orders that stayed unpaid, and brings in what it took (see {@code package-info.java}).
 * Invariants:
 * <ul>
 * <li>Only the platform's {@code Paid} leads to a write, and every write goes through the gateway's intake; a
 * {@code NotPaid}, an {@code Unknown} (platform down, slow, nonsense) or a gateway that cannot be asked changes
 * nothing.</li>
 * <li>An order the gateway already holds a successful payment for is not asked about: the pipeline has it (its
 * deduction may be in the retry ladder or on the console), and asking again every interval would only re-submit
 * the same payment.</li>
 * <li>A sweep looks at most {@code maxPerSweep} orders; the walk goes on where it stopped at the next sweep and
 * starts again from the oldest once it reached the youngest, so a backlog of orders the platform never saw does not
 * keep the walk from reaching the others.</li>
 * </ul>
 */
public final class ActiveQuery {

	private static final Logger log = LoggerFactory.getLogger(ActiveQuery.class);

	static final int PAGE = 100;

	private final UnpaidOrders orders;

	private final PaymentPlatform platform;

	private final GatewayPayments gateway;

	private final Clock clock;

	private final Duration minAge;

	private final Duration maxAge;

	private final int maxPerSweep;

	/** Where the next sweep goes on; {@code null}: from the oldest. In memory: losing it costs one walk from the start. */
	private Cursor resumeAfter;

	/**
	 * @param minAge an order younger than this is left to its callback (the platform's retry schedule, the pipeline)
	 * @param maxAge an order older than this is no longer asked about (the statement is the check for it)
	 */
	public ActiveQuery(UnpaidOrders orders, PaymentPlatform platform, GatewayPayments gateway, Clock clock,
			Duration minAge, Duration maxAge, int maxPerSweep) {
		this.orders = Objects.requireNonNull(orders, "orders");
		this.platform = Objects.requireNonNull(platform, "platform");
		this.gateway = Objects.requireNonNull(gateway, "gateway");
		this.clock = Objects.requireNonNull(clock, "clock");
		if (minAge.isNegative() || maxAge.compareTo(minAge) <= 0 || maxPerSweep < 1) {
			throw new IllegalArgumentException("need 0 <= minAge < maxAge and maxPerSweep >= 1");
		}
		this.minAge = minAge;
		this.maxAge = maxAge;
		this.maxPerSweep = maxPerSweep;
	}

	/** One sweep; synchronized: the schedule never overlaps itself, a manual run waits for a running one. */
	public synchronized Sweep sweep() {
		Instant now = this.clock.instant();
		Instant oldest = now.minus(this.maxAge);
		Instant youngest = now.minus(this.minAge);
		Cursor cursor = (this.resumeAfter != null && this.resumeAfter.createdAt().isAfter(oldest)) ? this.resumeAfter
				: Cursor.before(oldest);
		Sweep sweep = new Sweep(now);
		boolean reachedTheEnd = false;
		while (sweep.looked < this.maxPerSweep) {
			int limit = Math.min(PAGE, this.maxPerSweep - sweep.looked);
			List<UnpaidOrder> page = this.orders.page(cursor, youngest, limit);
			for (UnpaidOrder order : page) {
				if (!ask(order.orderNo(), sweep)) {
					// the gateway cannot be asked: nothing can be brought in now; the next sweep starts here again
					this.resumeAfter = cursor;
					return sweep;
				}
				cursor = order.cursor();
			}
			if (page.size() < limit) {
				reachedTheEnd = true;
				break;
			}
		}
		this.resumeAfter = reachedTheEnd ? null : cursor;
		return sweep;
	}

	/** @return {@code false} when the gateway could not be asked and the sweep should stop */
	private boolean ask(String orderNo, Sweep sweep) {
		sweep.looked++;
		try {
			if (this.gateway.holdsPaymentOf(orderNo)) {
				sweep.count(Outcome.HELD_BY_GATEWAY);
				return true;
			}
		}
		catch (GatewayUnavailableException ex) {
			sweep.count(Outcome.GATEWAY_UNAVAILABLE);
			log.warn("Active query stopped: the gateway cannot be asked about {}: {}", orderNo, ex.getMessage());
			return false;
		}
		QueryAnswer answer = this.platform.query(orderNo);
		if (answer instanceof QueryAnswer.Paid paid) {
			sweep.count(Outcome.PAID);
			for (PlatformPayment payment : paid.payments()) {
				bringIn(payment, sweep);
			}
		}
		else if (answer instanceof QueryAnswer.Unknown unknown) {
			sweep.count(Outcome.UNKNOWN);
			log.info("Active query: no answer for order {} ({}); nothing changed, asked again next sweep", orderNo,
					unknown.reason());
		}
		else {
			sweep.count(Outcome.NOT_PAID);
		}
		return true;
	}

	private void bringIn(PlatformPayment payment, Sweep sweep) {
		RepairAnswer answer = this.gateway.submit(payment, RepairSource.QUERY, "active-query@" + sweep.startedAt);
		sweep.submitted.merge(answer.result(), 1, Integer::sum);
		switch (answer.result()) {
			case ACCEPTED, DUPLICATE_PAYMENT -> {
				sweep.found.add(new Found(payment, answer));
				log.warn("Active query found payment {} of order {} ({} {}, paid {}) without its callback: {} ({})",
						payment.payNo(), payment.orderNo(), payment.amount(), payment.currency(), payment.paidAt(),
						answer.result(), answer.detail());
			}
			case DUPLICATE -> log.info("Active query: payment {} of order {} was recorded meanwhile", payment.payNo(),
					payment.orderNo());
			case CONFLICT, FAILED -> {
				sweep.found.add(new Found(payment, answer));
				log.error("Active query could not bring in payment {} of order {} ({} {}): {} ({})", payment.payNo(),
						payment.orderNo(), payment.amount(), payment.currency(), answer.result(), answer.detail());
			}
		}
	}

	/** What the platform said about an order, or why it was not asked. */
	public enum Outcome {

		HELD_BY_GATEWAY, PAID, NOT_PAID, UNKNOWN, GATEWAY_UNAVAILABLE

	}

	/** A payment handed to the gateway that it recorded now, or could not record. */
	public record Found(PlatformPayment payment, RepairAnswer answer) {

	}

	/** What one sweep did: per order, per submitted payment, and the payments that matter to an operator. */
	public static final class Sweep {

		private final Instant startedAt;

		private int looked;

		private final Map<Outcome, Integer> orders = new EnumMap<>(Outcome.class);

		private final Map<RepairAnswer.Result, Integer> submitted = new EnumMap<>(RepairAnswer.Result.class);

		private final List<Found> found = new ArrayList<>();

		Sweep(Instant startedAt) {
			this.startedAt = startedAt;
		}

		private void count(Outcome outcome) {
			this.orders.merge(outcome, 1, Integer::sum);
		}

		public Instant startedAt() {
			return this.startedAt;
		}

		public int looked() {
			return this.looked;
		}

		public int orders(Outcome outcome) {
			return this.orders.getOrDefault(outcome, 0);
		}

		public int submitted(RepairAnswer.Result result) {
			return this.submitted.getOrDefault(result, 0);
		}

		public List<Found> found() {
			return List.copyOf(this.found);
		}

		@Override
		public String toString() {
			return "looked at " + this.looked + " orders " + this.orders + ", payments submitted " + this.submitted;
		}

	}

}
