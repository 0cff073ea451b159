package io.payonce.gateway.callback.domain;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * Port: {@code t_payment}, one row per payNo ({@code uk_pay_no}) and at most one {@link PaymentKind#PRIMARY} per
 * orderNo ({@code uk_primary_order_no}). Called inside {@link Transactions#inTransaction}.
 */
public interface PaymentStore {

	/** Every row whose orderNo or payNo is one of these: the order's payments and the payNo's own row. */
	List<StoredPayment> findByOrderNoOrPayNo(String orderNo, String payNo);

	/** The order's {@link PaymentKind#PRIMARY} payment. */
	Optional<StoredPayment> findByOrderNo(String orderNo);

	/**
	 * Inserts the payment unless its payNo is taken or, for a PRIMARY, its order already has one. A taken key
	 * undoes this insert alone: the transaction goes on, and what it reads next includes the row that holds the
	 * key.
	 *
	 * @param source who brought the payment in, recorded with the row
	 * @param eventId {@code null} when the callback publishes no event
	 * @return {@code false} when a row already holds the payNo or (PRIMARY) the order
	 */
	boolean insertIfNew(PaymentCallback callback, PaymentKind kind, PaymentSource source, UUID eventId,
			Instant receivedAt);

	/**
	 * Inserts every row in one statement, or none of them: a key taken by any row (in the table or by another of the
	 * rows) undoes the whole statement, and the transaction goes on as before it.
	 * @return {@code false} when a key was taken and nothing was inserted
	 */
	boolean insertAllIfNew(List<NewPayment> rows);

	/** A row for {@link #insertAllIfNew}: the arguments of {@link #insertIfNew}. */
	record NewPayment(PaymentCallback callback, PaymentKind kind, PaymentSource source, UUID eventId,
			Instant receivedAt) {

	}

	/** {@code duplicate_count + 1}: atomic in the database, so parallel duplicates are all counted. */
	void countDuplicate(long id, Instant at);

	/**
	 * CAS: only a row still of {@code fromKind}, in {@code fromStatus} and without an event becomes SUCCESS with
	 * this event id, as {@code toKind}.
	 *
	 * @return {@code false} when another callback changed the row first, or (to PRIMARY) the order has a PRIMARY
	 */
	boolean promoteToSuccess(long id, PaymentKind fromKind, String fromStatus, PaymentKind toKind, UUID eventId);

	/**
	 * CAS: a PRIMARY that never succeeded becomes a DUPLICATE, so that another payment's SUCCESS can hold the
	 * order. Its content stays as it is.
	 *
	 * @return {@code false} when the row succeeded or yielded meanwhile
	 */
	boolean yieldOrder(long id);

}
