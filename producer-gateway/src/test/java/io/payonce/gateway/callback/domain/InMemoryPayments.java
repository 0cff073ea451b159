package io.payonce.gateway.callback.domain;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * In-memory {@link PaymentStore}, {@link OutboxWriter} and {@link Transactions} for unit tests of the
 * intake's decisions. A transaction keeps a copy of the state and restores it when the work throws, like a
 * rollback. {@link #beforeNextInsert} and {@link #otherTransactionCommits} let a test play the winner of a race.
 */
final class InMemoryPayments implements PaymentStore, OutboxWriter, Transactions {

	final List<StoredPayment> rows = new ArrayList<>();

	final List<OutboxEvent> events = new ArrayList<>();

	Runnable beforeNextInsert;

	private final List<StoredPayment> committedByOthers = new ArrayList<>();

	private long nextId = 1;

	@Override
	public <T> T inTransaction(Supplier<T> work) {
		List<StoredPayment> rowsBefore = new ArrayList<>(this.rows);
		List<OutboxEvent> eventsBefore = new ArrayList<>(this.events);
		try {
			return work.get();
		}
		catch (RuntimeException ex) {
			// Roll back our own writes only: what another transaction committed meanwhile stays.
			this.rows.clear();
			this.rows.addAll(rowsBefore);
			this.rows.addAll(this.committedByOthers);
			this.events.clear();
			this.events.addAll(eventsBefore);
			throw ex;
		}
	}

	@Override
	public List<StoredPayment> findByOrderNoOrPayNo(String orderNo, String payNo) {
		return this.rows.stream().filter((p) -> p.orderNo().equals(orderNo) || p.payNo().equals(payNo)).toList();
	}

	@Override
	public Optional<StoredPayment> findByOrderNo(String orderNo) {
		return this.rows.stream().filter((p) -> p.orderNo().equals(orderNo)).findFirst();
	}

	@Override
	public void insert(PaymentCallback callback, UUID eventId, Instant receivedAt) {
		if (this.beforeNextInsert != null) {
			Runnable winner = this.beforeNextInsert;
			this.beforeNextInsert = null;
			winner.run();
		}
		if (!findByOrderNoOrPayNo(callback.orderNo(), callback.payNo()).isEmpty()) {
			throw new ConcurrentWriteException("unique key", null);
		}
		this.rows.add(rowOf(callback, eventId, receivedAt));
	}

	@Override
	public void countDuplicate(long id, Instant at) {
		replace(id, (p) -> new StoredPayment(p.id(), p.payNo(), p.orderNo(), p.userId(), p.amount(), p.currency(),
				p.status(), p.paidAt(), p.fingerprint(), p.eventId(), p.duplicateCount() + 1, p.receivedAt(), at));
	}

	@Override
	public boolean promoteToSuccess(long id, String fromStatus, UUID eventId) {
		StoredPayment current = this.rows.stream().filter((p) -> p.id() == id).findFirst().orElseThrow();
		if (!current.status().equals(fromStatus) || current.eventId() != null) {
			return false;
		}
		replace(id, (p) -> new StoredPayment(p.id(), p.payNo(), p.orderNo(), p.userId(), p.amount(), p.currency(),
				PaymentCallback.SUCCESS, p.paidAt(), p.fingerprint(), eventId, p.duplicateCount(), p.receivedAt(),
				p.lastDuplicateAt()));
		return true;
	}

	/** Another gateway instance commits this payment now (outside the running transaction). */
	void otherTransactionCommits(PaymentCallback callback) {
		StoredPayment row = rowOf(callback, UUID.randomUUID(), Instant.EPOCH);
		this.rows.add(row);
		this.committedByOthers.add(row);
	}

	@Override
	public void append(OutboxEvent event) {
		this.events.add(event);
	}

	private StoredPayment rowOf(PaymentCallback callback, UUID eventId, Instant receivedAt) {
		return new StoredPayment(this.nextId++, callback.payNo(), callback.orderNo(), callback.userId(),
				callback.amount(), callback.currency(), callback.status(), callback.paidAt(), callback.fingerprint(),
				eventId, 0, receivedAt, null);
	}

	private void replace(long id, java.util.function.UnaryOperator<StoredPayment> change) {
		this.rows.replaceAll((p) -> (p.id() == id) ? change.apply(p) : p);
	}

}
