package io.payonce.gateway.callback.domain;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/** Port: {@code t_payment}. Called inside {@link Transactions#inTransaction}. */
public interface PaymentStore {

	/** Every row whose orderNo or payNo is one of these; two rows means the pair is split across payments. */
	List<StoredPayment> findByOrderNoOrPayNo(String orderNo, String payNo);

	Optional<StoredPayment> findByOrderNo(String orderNo);

	/**
	 * Inserts the payment unless its payNo or orderNo is taken. A taken key undoes this insert alone: the
	 * transaction goes on, and what it reads next includes the row that holds the key.
	 *
	 * @param eventId {@code null} when the callback publishes no event
	 * @return {@code false} when a committed row already holds the payNo or the orderNo
	 */
	boolean insertIfNew(PaymentCallback callback, UUID eventId, Instant receivedAt);

	/** {@code duplicate_count + 1}: atomic in the database, so parallel duplicates are all counted. */
	void countDuplicate(long id, Instant at);

	/**
	 * CAS: only a row still in {@code fromStatus} and without an event becomes SUCCESS with this event id.
	 *
	 * @return {@code false} when another callback changed the row first
	 */
	boolean promoteToSuccess(long id, String fromStatus, UUID eventId);

}
