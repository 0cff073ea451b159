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
	 * @param eventId {@code null} when the callback publishes no event
	 * @throws ConcurrentWriteException when the unique payNo or orderNo was taken meanwhile
	 */
	void insert(PaymentCallback callback, UUID eventId, Instant receivedAt);

	/** {@code duplicate_count + 1}: atomic in the database, so parallel duplicates are all counted. */
	void countDuplicate(long id, Instant at);

	/**
	 * CAS: only a row still in {@code fromStatus} and without an event becomes SUCCESS with this event id.
	 *
	 * @return {@code false} when another callback changed the row first
	 */
	boolean promoteToSuccess(long id, String fromStatus, UUID eventId);

}
