package io.payonce.bench;

import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.LongAdder;

import io.payonce.contract.EventCodec;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.PaySuccess;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.header.Header;

/**
 * The two consumers the guarded one is compared with, as plain KafkaConsumer + JDBC loops:
 * <ul>
 * <li>{@link Mode#NAIVE}: the incident's consumer. Offsets committed before processing, no dedupe, no state
 * check, no unique key, no balance check. Fast, and wrong on every redelivery.</li>
 * <li>{@link Mode#DB_DEDUPE}: the usual outbox-library answer (Eventuate's SqlTableBasedDuplicateMessageDetector):
 * a {@code received_messages} row inserted in the business transaction, plus the same state CAS, unique flow and
 * guarded balance update as ours; offsets committed after the result. No Redis.</li>
 * </ul>
 * Both run {@code threads} consumers of one group, one connection each, one transaction per record — or,
 * {@code batched}, one transaction per poll (each record of DB_DEDUPE behind a savepoint, as the guarded
 * consumer does), so that the cost of the guards can be compared at equal batching too.
 */
final class BaselineConsumer {

	/** The guarded consumer's default {@code max-poll-records}: the same poll, so the same batch. */
	static final int MAX_POLL_RECORDS = 500;

	enum Mode {
		NAIVE, DB_DEDUPE
	}

	/**
	 * Records handled, how many were skipped as duplicates, CPU/allocation of the consumer threads, and the CPU of
	 * the whole harness process over the same span (release → last record): what the threads leave out (GC, JIT,
	 * the Kafka client's heartbeat thread) is in it, and next to nothing else runs then (the harness waits).
	 */
	record Result(long records, long duplicates, double seconds, double cpuSeconds, long allocatedBytes,
			double processCpuSeconds) {

		double perSecond() {
			return this.records / this.seconds;
		}

		/** CPU of the consumer threads per record handled, ms (ThreadMXBean). */
		double cpuMillisPerRecord() {
			return (this.records > 0) ? 1000 * this.cpuSeconds / this.records : Double.NaN;
		}

		/** CPU of the harness process per record handled, ms (/proc): the threads' figure plus GC, JIT, heartbeats. */
		double processCpuMillisPerRecord() {
			return (this.records > 0) ? 1000 * this.processCpuSeconds / this.records : Double.NaN;
		}

	}

	private final Kafka kafka;

	private final Db db;

	private final Mode mode;

	private final String schema;

	private final boolean batched;

	BaselineConsumer(Kafka kafka, Db db, Mode mode, String schema, boolean batched) {
		this.kafka = kafka;
		this.db = db;
		this.mode = mode;
		this.schema = schema;
		this.batched = batched;
	}

	/**
	 * Joins the group on an empty topic, then lets {@code produce} fill it while the consumers hold, then
	 * measures from the release until {@code expected} records are handled.
	 */
	Result run(String topic, int partitions, int threads, long expected, ThrowingRunnable produce) throws Exception {
		String group = "bench-" + this.mode.name().toLowerCase() + "-" + System.nanoTime();
		AtomicIntegerArray assigned = new AtomicIntegerArray(threads);
		AtomicBoolean hold = new AtomicBoolean(false);
		CountDownLatch release = new CountDownLatch(1);
		CountDownLatch holding = new CountDownLatch(threads);
		AtomicBoolean stop = new AtomicBoolean(false);
		LongAdder handled = new LongAdder();
		LongAdder duplicates = new LongAdder();
		LongAdder cpuNanos = new LongAdder();
		LongAdder allocated = new LongAdder();
		Throwable[] failure = new Throwable[1];
		com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
		Thread[] workers = new Thread[threads];
		for (int t = 0; t < threads; t++) {
			int id = t;
			workers[t] = new Thread(() -> {
				try (KafkaConsumer<String, byte[]> consumer = this.kafka.consumer(group, false,
								MAX_POLL_RECORDS);
						Connection c = this.db.rootIn(this.schema);
						Statements s = new Statements(c)) {
					c.setAutoCommit(false);
					consumer.subscribe(List.of(topic));
					boolean held = false;
					long cpu0 = 0;
					long alloc0 = 0;
					while (!stop.get()) {
						if (hold.get() && !held) {
							holding.countDown();
							release.await();
							held = true;
							cpu0 = mx.getCurrentThreadCpuTime();
							alloc0 = mx.getThreadAllocatedBytes(Thread.currentThread().getId());
						}
						ConsumerRecords<String, byte[]> records = consumer.poll(Duration.ofMillis(50));
						assigned.set(id, consumer.assignment().size());
						if (records.isEmpty()) {
							continue;
						}
						if (this.mode == Mode.NAIVE) {
							// the incident: acknowledge first, then do the work (a crash now loses or, on retry, repeats it)
							consumer.commitSync();
						}
						for (ConsumerRecord<String, byte[]> record : records) {
							if (!handle(s, c, record)) {
								duplicates.increment();
							}
							if (!this.batched) {
								handled.increment();
							}
						}
						if (this.batched) {
							c.commit();
							handled.add(records.count());
						}
						if (this.mode == Mode.DB_DEDUPE) {
							consumer.commitSync();
						}
					}
					if (held) {
						cpuNanos.add(mx.getCurrentThreadCpuTime() - cpu0);
						allocated.add(mx.getThreadAllocatedBytes(Thread.currentThread().getId()) - alloc0);
					}
				}
				catch (Throwable ex) {
					failure[0] = ex;
					holding.countDown();
				}
			}, "bench-" + this.mode.name().toLowerCase() + "-" + t);
			workers[t].start();
		}
		try {
			long joinDeadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
			while (sum(assigned) < partitions && System.nanoTime() < joinDeadline && failure[0] == null) {
				Thread.sleep(50);
			}
			hold.set(true);
			holding.await();
			long before = handled.sum();
			produce.run();
			long pid = ProcessHandle.current().pid();
			double processCpu0 = Sys.cpuSeconds(pid);
			long start = System.nanoTime();
			release.countDown();
			long deadline = start + Duration.ofSeconds(180).toNanos();
			while (handled.sum() - before < expected && System.nanoTime() < deadline && failure[0] == null) {
				Thread.sleep(5);
			}
			double seconds = (System.nanoTime() - start) / 1e9;
			double processCpu = Sys.cpuSeconds(pid) - processCpu0;
			stop.set(true);
			for (Thread worker : workers) {
				worker.join();
			}
			if (failure[0] != null) {
				throw new IllegalStateException(this.mode + " consumer failed", failure[0]);
			}
			return new Result(handled.sum() - before, duplicates.sum(), seconds, cpuNanos.sum() / 1e9,
					allocated.sum(), processCpu);
		}
		finally {
			stop.set(true);
			release.countDown();
		}
	}

	private static int sum(AtomicIntegerArray values) {
		int sum = 0;
		for (int i = 0; i < values.length(); i++) {
			sum += values.get(i);
		}
		return sum;
	}

	/** @return {@code false} if the record was recognised as a duplicate and skipped */
	private boolean handle(Statements s, Connection c, ConsumerRecord<String, byte[]> record) throws SQLException {
		PaySuccess event = EventCodec.decode(PaySuccess.class, record.value());
		if (this.mode == Mode.NAIVE) {
			s.naiveOrder.setString(1, event.orderNo());
			s.naiveOrder.executeUpdate();
			insertFlow(s, event);
			s.naiveBalance.setBigDecimal(1, event.amount());
			s.naiveBalance.setLong(2, event.userId());
			s.naiveBalance.executeUpdate();
			commitRecord(c);
			return true;
		}
		Savepoint savepoint = this.batched ? c.setSavepoint("record") : null;
		try {
			s.dedupe.setString(1, eventId(record));
			s.dedupe.executeUpdate();
		}
		catch (SQLException ex) {
			if (ex.getSQLState() != null && ex.getSQLState().startsWith("23")) {
				rollbackRecord(c, savepoint);
				return false;
			}
			throw ex;
		}
		// CAS: only INIT may become PAID; 0 rows means it was paid before (or never payable)
		s.casOrder.setString(1, event.orderNo());
		if (s.casOrder.executeUpdate() != 1) {
			rollbackRecord(c, savepoint);
			return false;
		}
		insertFlow(s, event);
		s.guardedBalance.setBigDecimal(1, event.amount());
		s.guardedBalance.setLong(2, event.userId());
		s.guardedBalance.setBigDecimal(3, event.amount());
		if (s.guardedBalance.executeUpdate() != 1) {
			rollbackRecord(c, savepoint);
			return true;
		}
		commitRecord(c);
		return true;
	}

	/** Per record: commit now. Batched: the poll commits once, after its last record. */
	private void commitRecord(Connection c) throws SQLException {
		if (!this.batched) {
			c.commit();
		}
	}

	private static void rollbackRecord(Connection c, Savepoint savepoint) throws SQLException {
		if (savepoint != null) {
			c.rollback(savepoint);
		}
		else {
			c.rollback();
		}
	}

	private static void insertFlow(Statements s, PaySuccess event) throws SQLException {
		s.flow.setLong(1, event.userId());
		s.flow.setBigDecimal(2, event.amount().negate());
		s.flow.setString(3, event.orderNo());
		s.flow.executeUpdate();
	}

	private static String eventId(ConsumerRecord<String, byte[]> record) {
		Header id = record.headers().lastHeader(PayonceHeaders.EVENT_ID);
		return (id != null) ? new String(id.value(), StandardCharsets.UTF_8) : record.key();
	}

	/** The prepared statements of one connection. */
	private static final class Statements implements AutoCloseable {

		final PreparedStatement naiveOrder;

		final PreparedStatement casOrder;

		final PreparedStatement flow;

		final PreparedStatement naiveBalance;

		final PreparedStatement guardedBalance;

		final PreparedStatement dedupe;

		Statements(Connection c) throws SQLException {
			this.naiveOrder = c.prepareStatement("UPDATE t_order SET status = 'PAID' WHERE order_no = ?");
			this.casOrder = c.prepareStatement(
					"UPDATE t_order SET status = 'PAID', updated_at = CURRENT_TIMESTAMP(3) WHERE order_no = ? AND status = 'INIT'");
			this.flow = c.prepareStatement(
					"INSERT INTO t_account_flow (user_id, amount, biz_no, type) VALUES (?, ?, ?, 'PAY_DEDUCT')");
			this.naiveBalance = c.prepareStatement("UPDATE t_account SET balance = balance - ? WHERE user_id = ?");
			this.guardedBalance = c.prepareStatement(
					"UPDATE t_account SET balance = balance - ? WHERE user_id = ? AND balance - ? >= 0");
			this.dedupe = c.prepareStatement(
					"INSERT INTO received_messages (consumer_id, message_id) VALUES ('bench-deduct', ?)");
		}

		@Override
		public void close() throws SQLException {
			this.naiveOrder.close();
			this.casOrder.close();
			this.flow.close();
			this.naiveBalance.close();
			this.guardedBalance.close();
			this.dedupe.close();
		}

	}

	@FunctionalInterface
	interface ThrowingRunnable {

		void run() throws Exception;

	}

}
