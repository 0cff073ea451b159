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
 * {@link #calls} lists what the intake asked of the store, one entry per statement the JDBC adapter would send.
 * The unique keys are those of the schema: one row per payNo, one PRIMARY per orderNo.
 */
final class InMemoryPayments implements PaymentStore, OutboxWriter, Transactions {

	final List<StoredPayment> rows = new ArrayList<>();

	final List<OutboxEvent> events = new ArrayList<>();

	/** The source each payNo's row was inserted with (column {@code source}). */
	final java.util.Map<String, PaymentSource> sources = new java.util.HashMap<>();

	/**
	 * {@code insert}, {@code insert refused}, {@code read}, {@code count duplicate}, {@code promote},
	 * {@code promote refused}, {@code yield}, {@code yield refused}, {@code append}.
	 */
	final List<String> calls = new ArrayList<>();

	/** How many transactions were begun: more than one per callback means it was decided again. */
	int transactions;

	Runnable beforeNextInsert;

	/** Runs before the next insert of a DUPLICATE row: a parallel callback wins the race for the payNo. */
	Runnable beforeNextDuplicateInsert;

	/** Runs before the next {@link #yieldOrder}: the holder changes meanwhile. */
	Runnable beforeNextYield;

	/** The next reads miss every row, as a read that cannot see the holder of a taken key would. */
	int readsMissingRows;

	private final List<StoredPayment> committedByOthers = new ArrayList<>();

	private long nextId = 1;

	/** One at a time (group commit's writer and the single paths of its callers run on their own threads). */
	@Override
	public synchronized <T> T inTransaction(Supplier<T> work) {
		this.transactions++;
		List<StoredPayment> rowsBefore = new ArrayList<>(this.rows);
		List<OutboxEvent> eventsBefore = new ArrayList<>(this.events);
		try {
			return work.get();
		}
		catch (RuntimeException ex) {
			// Roll back our own writes only: what another transaction committed meanwhile stays.
			this.rows.clear();
			this.rows.addAll(rowsBefore);
			for (StoredPayment committed : this.committedByOthers) {
				this.rows.removeIf((p) -> p.id() == committed.id());
				this.rows.add(committed);
			}
			this.events.clear();
			this.events.addAll(eventsBefore);
			throw ex;
		}
	}

	@Override
	public List<StoredPayment> findByOrderNoOrPayNo(String orderNo, String payNo) {
		this.calls.add("read");
		if (this.readsMissingRows > 0) {
			this.readsMissingRows--;
			return List.of();
		}
		return holders(orderNo, payNo);
	}

	@Override
	public Optional<StoredPayment> findByOrderNo(String orderNo) {
		return primaryOf(orderNo);
	}

	@Override
	public boolean insertIfNew(PaymentCallback callback, PaymentKind kind, PaymentSource source, UUID eventId,
			Instant receivedAt) {
		if (this.beforeNextInsert != null) {
			Runnable winner = this.beforeNextInsert;
			this.beforeNextInsert = null;
			winner.run();
		}
		if (kind == PaymentKind.DUPLICATE && this.beforeNextDuplicateInsert != null) {
			Runnable winner = this.beforeNextDuplicateInsert;
			this.beforeNextDuplicateInsert = null;
			winner.run();
		}
		if (payNoTaken(callback.payNo()) || (kind == PaymentKind.PRIMARY && primaryOf(callback.orderNo()).isPresent())) {
			// unique key taken: this insert alone is undone, the transaction goes on
			this.calls.add("insert refused");
			return false;
		}
		this.calls.add("insert");
		this.rows.add(rowOf(callback, kind, eventId, receivedAt));
		this.sources.put(callback.payNo(), source);
		return true;
	}

	/** All or nothing, like one multi-row statement: a taken key (in the table or among the rows) undoes every row. */
	@Override
	public boolean insertAllIfNew(List<NewPayment> rows) {
		List<StoredPayment> before = new ArrayList<>(this.rows);
		java.util.Map<String, PaymentSource> sourcesBefore = new java.util.HashMap<>(this.sources);
		int callsBefore = this.calls.size();
		for (NewPayment row : rows) {
			if (!insertIfNew(row.callback(), row.kind(), row.source(), row.eventId(), row.receivedAt())) {
				this.rows.clear();
				this.rows.addAll(before);
				this.sources.clear();
				this.sources.putAll(sourcesBefore);
				this.calls.subList(callsBefore, this.calls.size()).clear();
				this.calls.add("insert all refused");
				return false;
			}
		}
		this.calls.subList(callsBefore, this.calls.size()).clear();
		this.calls.add("insert all");
		return true;
	}

	@Override
	public void appendAll(List<OutboxEvent> events) {
		this.calls.add("append all");
		this.events.addAll(events);
	}

	@Override
	public void countDuplicate(long id, Instant at) {
		this.calls.add("count duplicate");
		replace(id, (p) -> new StoredPayment(p.id(), p.payNo(), p.orderNo(), p.kind(), p.userId(), p.amount(),
				p.currency(), p.status(), p.paidAt(), p.fingerprint(), p.eventId(), p.duplicateCount() + 1,
				p.receivedAt(), at));
	}

	@Override
	public boolean promoteToSuccess(long id, PaymentKind fromKind, String fromStatus, PaymentKind toKind,
			UUID eventId) {
		StoredPayment current = row(id);
		boolean orderTaken = toKind == PaymentKind.PRIMARY && current.kind() != PaymentKind.PRIMARY
				&& primaryOf(current.orderNo()).isPresent();
		if (current.kind() != fromKind || !current.status().equals(fromStatus) || current.succeeded() || orderTaken) {
			this.calls.add("promote refused");
			return false;
		}
		this.calls.add("promote");
		replace(id, (p) -> new StoredPayment(p.id(), p.payNo(), p.orderNo(), toKind, p.userId(), p.amount(),
				p.currency(), PaymentCallback.SUCCESS, p.paidAt(), p.fingerprint(), eventId, p.duplicateCount(),
				p.receivedAt(), p.lastDuplicateAt()));
		return true;
	}

	@Override
	public boolean yieldOrder(long id) {
		if (this.beforeNextYield != null) {
			Runnable other = this.beforeNextYield;
			this.beforeNextYield = null;
			other.run();
		}
		StoredPayment current = row(id);
		if (current.kind() != PaymentKind.PRIMARY || current.succeeded()) {
			this.calls.add("yield refused");
			return false;
		}
		this.calls.add("yield");
		replace(id, (p) -> new StoredPayment(p.id(), p.payNo(), p.orderNo(), PaymentKind.DUPLICATE, p.userId(),
				p.amount(), p.currency(), p.status(), p.paidAt(), p.fingerprint(), p.eventId(), p.duplicateCount(),
				p.receivedAt(), p.lastDuplicateAt()));
		return true;
	}

	/** Another gateway instance commits this payment now (outside the running transaction). */
	void otherTransactionCommits(PaymentCallback callback, PaymentKind kind) {
		StoredPayment row = rowOf(callback, kind, callback.isSuccess() ? UUID.randomUUID() : null, Instant.EPOCH);
		this.rows.add(row);
		this.committedByOthers.add(row);
	}

	/** Another gateway instance changes a row now (outside the running transaction), e.g. wins a CAS. */
	void otherTransactionChanges(long id, java.util.function.UnaryOperator<StoredPayment> change) {
		replace(id, change);
		this.committedByOthers.removeIf((p) -> p.id() == id);
		this.committedByOthers.add(row(id));
	}

	StoredPayment byPayNo(String payNo) {
		return this.rows.stream().filter((p) -> p.payNo().equals(payNo)).findFirst().orElseThrow();
	}

	@Override
	public void append(OutboxEvent event) {
		this.calls.add("append");
		this.events.add(event);
	}

	private List<StoredPayment> holders(String orderNo, String payNo) {
		return this.rows.stream().filter((p) -> p.orderNo().equals(orderNo) || p.payNo().equals(payNo)).toList();
	}

	private boolean payNoTaken(String payNo) {
		return this.rows.stream().anyMatch((p) -> p.payNo().equals(payNo));
	}

	private Optional<StoredPayment> primaryOf(String orderNo) {
		return this.rows.stream()
			.filter((p) -> p.orderNo().equals(orderNo) && p.kind() == PaymentKind.PRIMARY)
			.findFirst();
	}

	private StoredPayment row(long id) {
		return this.rows.stream().filter((p) -> p.id() == id).findFirst().orElseThrow();
	}

	private StoredPayment rowOf(PaymentCallback callback, PaymentKind kind, UUID eventId, Instant receivedAt) {
		return new StoredPayment(this.nextId++, callback.payNo(), callback.orderNo(), kind, callback.userId(),
				callback.amount(), callback.currency(), callback.status(), callback.paidAt(), callback.fingerprint(),
				eventId, 0, receivedAt, null);
	}

	private void replace(long id, java.util.function.UnaryOperator<StoredPayment> change) {
		this.rows.replaceAll((p) -> (p.id() == id) ? change.apply(p) : p);
	}

}
