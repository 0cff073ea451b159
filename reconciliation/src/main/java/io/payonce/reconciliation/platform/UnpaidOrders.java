package io.payonce.reconciliation.platform;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/** Port: the trade schema's orders still {@code INIT}. */
public interface UnpaidOrders {

	/**
	 * Orders in {@code INIT} created after {@code from} (exclusive: created later, or at the same instant with a
	 * greater orderNo) and before {@code createdBefore}, ordered by creation time and orderNo, at most {@code limit}:
	 * one page of a keyset walk.
	 */
	List<UnpaidOrder> page(Cursor from, Instant createdBefore, int limit);

	/** An order still unpaid. */
	record UnpaidOrder(String orderNo, Instant createdAt) {

		public UnpaidOrder {
			Objects.requireNonNull(orderNo, "orderNo");
			Objects.requireNonNull(createdAt, "createdAt");
		}

		public Cursor cursor() {
			return new Cursor(this.createdAt, this.orderNo);
		}

	}

	/** A position in the walk: after this creation time and orderNo ({@code ""} sorts before every orderNo). */
	record Cursor(Instant createdAt, String orderNo) {

		public static Cursor before(Instant createdAt) {
			return new Cursor(createdAt, "");
		}

	}

}
