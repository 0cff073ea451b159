package io.payonce.consumer.deduct.infra;

import java.math.BigDecimal;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;

import io.payonce.consumer.deduct.domain.AccountSnapshot;
import io.payonce.consumer.deduct.domain.Deduction;
import io.payonce.consumer.deduct.domain.Ledger;
import io.payonce.consumer.deduct.domain.LedgerResult;
import io.payonce.consumer.deduct.domain.OrderSnapshot;
import io.payonce.consumer.deduct.domain.OrderStateMachine;
import io.payonce.consumer.deduct.domain.OrderStatus;
import io.payonce.contract.EventCodec;
import io.payonce.contract.EventType;
import io.payonce.contract.PayDeducted;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.TraceContext;
import io.payonce.contract.Topic;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@link Ledger} on the trade schema: one transaction per call, every write guarded, every row count checked;
 * several payments share the transaction, each behind its own savepoint.
 */
public class JdbcLedger implements Ledger {

	static final String PAY_DEDUCT = "PAY_DEDUCT";

	private final JdbcTemplate jdbc;

	private final TransactionTemplate transaction;

	public JdbcLedger(JdbcTemplate jdbc, TransactionTemplate transaction) {
		this.jdbc = jdbc;
		this.transaction = transaction;
	}

	@Override
	public List<LedgerResult> deductAll(List<PaySuccess> payments, Instant now) {
		return deductAll(payments, Collections.nCopies(payments.size(), TraceContext.NONE), now);
	}

	@Override
	public List<LedgerResult> deductAll(List<PaySuccess> payments, List<TraceContext> traces, Instant now) {
		return this.transaction.execute((status) -> {
			Timestamp at = Timestamp.from(now);
			boolean several = payments.size() > 1;
			LedgerResult[] results = new LedgerResult[payments.size()];
			List<TracedEvent> events = new ArrayList<>();
			List<Integer> oneByOne = inLockOrder(payments);
			Map<String, PaySuccess> paidTogether = new HashMap<>();
			if (several) {
				List<Integer> together = togetherEligible(payments, oneByOne);
				if (together.size() > 1 && deductTogether(payments, traces, together, at, now, results, events)) {
					together.forEach((i) -> paidTogether.put(payments.get(i).orderNo(), payments.get(i)));
					oneByOne = oneByOne.stream().filter((i) -> results[i] == null).toList();
				}
			}
			for (int i : oneByOne) {
				PaySuccess paid = paidTogether.get(payments.get(i).orderNo());
				if (paid != null) {
					// Another delivery of an order this transaction has just paid: the row is known exactly (the CAS
					// matched its user, amount and currency and wrote the payNo) and locked by us until the commit, so
					// the state machine explains the missed CAS from it without reading it back.
					results[i] = OrderStateMachine.explainMissedCas(Optional.of(new OrderSnapshot(paid.orderNo(),
							paid.userId(), paid.amount(), paid.currency(), OrderStatus.PAID, Optional.of(paid.payNo()))),
							payments.get(i));
					continue;
				}
				if (several) {
					// Each payment is all-or-nothing inside the shared transaction.
					this.jdbc.execute("SAVEPOINT deduction");
				}
				results[i] = deduct(payments.get(i), traces.get(i), at, now, events);
				if (results[i].debitRefused()) {
					if (several) {
						this.jdbc.execute("ROLLBACK TO SAVEPOINT deduction");
					}
					else {
						status.setRollbackOnly();
					}
				}
			}
			writeOutbox(events);
			withBalancesAfter(payments, results);
			return List.of(results);
		});
	}

	/**
	 * The payments a poll may try to deduct together, in lock order: the first delivery of each orderNo (a later
	 * one in the same poll is its duplicate and goes one by one, after it), and none at all when a user's payments in
	 * the poll name different currencies (one of them must fail: the account has one currency).
	 */
	private static List<Integer> togetherEligible(List<PaySuccess> payments, List<Integer> lockOrder) {
		Set<String> orderNos = new HashSet<>();
		Map<Long, String> currencies = new HashMap<>();
		List<Integer> together = new ArrayList<>(lockOrder.size());
		for (int i : lockOrder) {
			PaySuccess payment = payments.get(i);
			String currency = currencies.putIfAbsent(payment.userId(), payment.currency());
			if (currency != null && !currency.equals(payment.currency())) {
				return List.of();
			}
			if (orderNos.add(payment.orderNo())) {
				together.add(i);
			}
		}
		return together;
	}

	/**
	 * Deducts {@code together} (distinct orderNos, in lock order) with the same guards as one by one, but three writes
	 * for all of them instead of three per payment (and one savepoint instead of one each), all-or-nothing: one CAS
	 * {@code INIT → PAID} over the orders (each order's user, amount and currency in its own condition; row count =
	 * every order), one debit of each account by the sum of its payments (currency, {@code balance - sum >= 0} and the
	 * freeze in the {@code WHERE}, read by the statement that moves the money; row count = every account; amounts are
	 * positive, so the sum fits exactly when each debit in lock order would), one multi-row flow insert under
	 * {@code uk_biz_no_type}. Anything short of every row, a duplicate flow included, rolls all of it back to the
	 * savepoint and returns {@code false}: the caller then deducts one payment at a time, which explains each miss as
	 * it always did. Nothing here decides a miss: every answer other than DEDUCTED comes from the one-by-one path.
	 * Accounts are locked in ascending user id (the {@code IN} list on the primary key), orders before accounts, as
	 * one by one.
	 */
	private boolean deductTogether(List<PaySuccess> payments, List<TraceContext> traces, List<Integer> together,
			Timestamp at, Instant now, LedgerResult[] results, List<TracedEvent> events) {
		this.jdbc.execute("SAVEPOINT poll");
		Map<String, Long> flowIds = null;
		if (payAll(payments, together, at) && debitAll(payments, together, at)) {
			flowIds = insertFlows(payments, together, at);
		}
		if (flowIds == null) {
			this.jdbc.execute("ROLLBACK TO SAVEPOINT poll");
			return false;
		}
		for (int i : together) {
			PaySuccess payment = payments.get(i);
			long flowId = flowIds.get(payment.orderNo());
			events.add(new TracedEvent(new PayDeducted(payment.orderNo(), payment.payNo(), payment.userId(),
					payment.amount(), payment.currency(), flowId, now), traces.get(i)));
			results[i] = LedgerResult.deducted(new Deduction(flowId, Optional.empty()));
		}
		return true;
	}

	/** The CAS of every order in {@code together}; {@code true} only if each one matched. */
	private boolean payAll(List<PaySuccess> payments, List<Integer> together, Timestamp at) {
		StringBuilder payNo = new StringBuilder("UPDATE t_order SET status = 'PAID', pay_no = CASE order_no");
		List<Object> payNoArgs = new ArrayList<>(together.size() * 2);
		List<Object> matchArgs = new ArrayList<>(together.size() * 4);
		for (int i : together) {
			PaySuccess payment = payments.get(i);
			payNo.append(" WHEN ? THEN ?");
			payNoArgs.add(payment.orderNo());
			payNoArgs.add(payment.payNo());
			matchArgs.add(payment.orderNo());
			matchArgs.add(payment.userId());
			matchArgs.add(payment.amount());
			matchArgs.add(payment.currency());
		}
		String sql = payNo.append(" END, updated_at = ? WHERE status = 'INIT' AND order_no IN (")
			.append(placeholders(together.size()))
			.append(") AND CASE order_no")
			.append(" WHEN ? THEN user_id = ? AND amount = ? AND currency = ?".repeat(together.size()))
			.append(" ELSE FALSE END")
			.toString();
		List<Object> args = new ArrayList<>(payNoArgs);
		args.add(at);
		together.forEach((i) -> args.add(payments.get(i).orderNo()));
		args.addAll(matchArgs);
		return this.jdbc.update(sql, args.toArray()) == together.size();
	}

	/**
	 * The debit of every account in {@code together} by the sum of its payments; {@code true} only if each account
	 * matched.
	 */
	private boolean debitAll(List<PaySuccess> payments, List<Integer> together, Timestamp at) {
		Map<Long, BigDecimal> sums = new TreeMap<>();
		Map<Long, String> currencies = new HashMap<>();
		for (int i : together) {
			PaySuccess payment = payments.get(i);
			sums.merge(payment.userId(), payment.amount(), BigDecimal::add);
			currencies.put(payment.userId(), payment.currency());
		}
		List<Object> args = new ArrayList<>(sums.size() * 6 + 1);
		sums.forEach((user, sum) -> {
			args.add(user);
			args.add(sum);
		});
		args.add(at);
		args.addAll(sums.keySet());
		sums.forEach((user, sum) -> {
			args.add(user);
			args.add(currencies.get(user));
			args.add(sum);
		});
		String sql = "UPDATE t_account SET balance = balance - CASE user_id"
				+ " WHEN ? THEN ?".repeat(sums.size()) + " END, updated_at = ? WHERE user_id IN ("
				+ placeholders(sums.size()) + ") AND CASE user_id"
				+ " WHEN ? THEN currency = ? AND balance - ? >= 0".repeat(sums.size()) + " ELSE FALSE END"
				+ " AND NOT EXISTS (SELECT 1 FROM t_account_freeze f WHERE f.user_id = t_account.user_id"
				+ " AND f.status = 'FROZEN')";
		return this.jdbc.update(sql, args.toArray()) == sums.size();
	}

	/**
	 * The flows of {@code together}, one multi-row insert, and their ids by orderNo (read back: consecutive ids
	 * are not promised under every {@code innodb_autoinc_lock_mode}); {@code null} if a flow exists already.
	 */
	private Map<String, Long> insertFlows(List<PaySuccess> payments, List<Integer> together, Timestamp at) {
		List<Object> rows = new ArrayList<>(together.size() * 6);
		List<Object> bizNos = new ArrayList<>(together.size() + 1);
		bizNos.add(PAY_DEDUCT);
		for (int i : together) {
			PaySuccess payment = payments.get(i);
			rows.add(payment.userId());
			rows.add(payment.amount().negate());
			rows.add(payment.orderNo());
			rows.add(PAY_DEDUCT);
			rows.add(payment.payNo());
			rows.add(at);
			bizNos.add(payment.orderNo());
		}
		try {
			this.jdbc.update("INSERT INTO t_account_flow (user_id, amount, biz_no, type, pay_no, created_at) VALUES "
					+ String.join(", ", Collections.nCopies(together.size(), "(?, ?, ?, ?, ?, ?)")), rows.toArray());
		}
		catch (DuplicateKeyException ex) {
			// uk_biz_no_type: some payment's money is booked already; the one-by-one path tells which.
			return null;
		}
		Map<String, Long> ids = new HashMap<>();
		this.jdbc.query("SELECT id, biz_no FROM t_account_flow WHERE type = ? AND biz_no IN ("
				+ placeholders(together.size()) + ")", (rs) -> {
					ids.put(rs.getString("biz_no"), rs.getLong("id"));
				}, bizNos.toArray());
		if (ids.size() != together.size()) {
			throw new IllegalStateException("Inserted " + together.size() + " flows but read back " + ids.size()
					+ "; retry");
		}
		return ids;
	}

	private static String placeholders(int count) {
		return String.join(", ", Collections.nCopies(count, "?"));
	}

	/**
	 * Adds to each deduction of this transaction the balance right after it, for the ops timeline. One read for the
	 * whole poll (never one per payment): the accounts' balances now, in this transaction, whose debits hold their
	 * rows' locks, so nobody else has changed them since; a user's earlier deductions in this poll (lock order) had
	 * that balance plus the amounts deducted after them. Payments rolled back to their savepoint are not counted.
	 */
	private void withBalancesAfter(List<PaySuccess> payments, LedgerResult[] results) {
		Set<Long> users = new TreeSet<>();
		for (int i = 0; i < results.length; i++) {
			if (results[i].deduction().isPresent()) {
				users.add(payments.get(i).userId());
			}
		}
		if (users.isEmpty()) {
			return;
		}
		Map<Long, BigDecimal> balances = new HashMap<>();
		this.jdbc.query("SELECT user_id, balance FROM t_account WHERE user_id IN ("
				+ String.join(", ", Collections.nCopies(users.size(), "?")) + ")",
				(rs) -> {
					balances.put(rs.getLong("user_id"), rs.getBigDecimal("balance"));
				}, users.toArray());
		List<Integer> order = inLockOrder(payments);
		for (int k = order.size() - 1; k >= 0; k--) {
			int i = order.get(k);
			Optional<Deduction> deduction = results[i].deduction();
			BigDecimal after = balances.get(payments.get(i).userId());
			if (deduction.isPresent() && after != null) {
				results[i] = LedgerResult.deducted(deduction.get().withBalanceAfter(after));
				balances.put(payments.get(i).userId(), after.add(payments.get(i).amount()));
			}
		}
	}

	/**
	 * Payments ordered by user (stable): every transaction takes the account row locks in ascending order,
	 * so listener threads whose polls share users wait for each other instead of deadlocking.
	 */
	private static List<Integer> inLockOrder(List<PaySuccess> payments) {
		List<Integer> order = new ArrayList<>(payments.size());
		for (int i = 0; i < payments.size(); i++) {
			order.add(i);
		}
		order.sort(Comparator.comparingLong((Integer i) -> payments.get(i).userId()));
		return order;
	}

	private LedgerResult deduct(PaySuccess payment, TraceContext trace, Timestamp at, Instant now,
			List<TracedEvent> events) {
		// CAS: only an INIT order with this user, amount and currency may become PAID, and it records the payNo
		// that paid it; 0 rows means someone else won, the order is elsewhere in its life, or the payment does
		// not match it.
		int paid = this.jdbc.update("""
				UPDATE t_order SET status = 'PAID', pay_no = ?, updated_at = ?
				WHERE order_no = ? AND status = 'INIT' AND user_id = ? AND amount = ? AND currency = ?""",
				payment.payNo(), at, payment.orderNo(), payment.userId(), payment.amount(), payment.currency());
		if (paid == 0) {
			// Nothing was written; a locking read sees the latest committed row, not an old snapshot.
			return OrderStateMachine.explainMissedCas(lockedOrder(payment.orderNo()), payment);
		}
		long flowId;
		try {
			flowId = insertFlow(payment, at);
		}
		catch (DuplicateKeyException ex) {
			// uk_biz_no_type: the flow (and the balance change committed with it) exists already. MariaDB rolls
			// back only the failed statement; the order takes the payNo of the flow that holds the money.
			return orderPaidByTheExistingFlow(payment);
		}
		// Conditional debit, currency, balance and freeze in the statement that moves the money: never
		// read-then-write. The freeze is read by this UPDATE (InnoDB reads another table of a DML statement with a
		// shared lock, the latest committed row): a freeze committed before this statement is honoured, one that
		// comes later waits for this transaction. No extra round trip per payment.
		int debited = this.jdbc.update("""
				UPDATE t_account SET balance = balance + ?, updated_at = ?
				WHERE user_id = ? AND currency = ? AND balance + ? >= 0
				AND NOT EXISTS (SELECT 1 FROM t_account_freeze f WHERE f.user_id = ? AND f.status = 'FROZEN')""",
				payment.amount().negate(), at, payment.userId(), payment.currency(), payment.amount().negate(),
				payment.userId());
		if (debited == 0) {
			// The caller rolls this payment's CAS and flow back.
			return AccountSnapshot.explainMissedDebit(lockedAccount(payment.userId()), payment);
		}
		events.add(new TracedEvent(new PayDeducted(payment.orderNo(), payment.payNo(), payment.userId(),
				payment.amount(), payment.currency(), flowId, now), trace));
		return LedgerResult.deducted(new Deduction(flowId, Optional.empty()));
	}

	private LedgerResult orderPaidByTheExistingFlow(PaySuccess payment) {
		List<Optional<String>> flows = this.jdbc.query(
				"SELECT pay_no FROM t_account_flow WHERE biz_no = ? AND type = ? LOCK IN SHARE MODE",
				(rs, i) -> Optional.ofNullable(rs.getString("pay_no")), payment.orderNo(), PAY_DEDUCT);
		if (flows.size() != 1) {
			throw new IllegalStateException("uk_biz_no_type refused the flow of " + payment.orderNo()
					+ " but " + flows.size() + " such flows are there; retry");
		}
		Optional<String> flowPayNo = flows.get(0);
		if (!flowPayNo.equals(Optional.of(payment.payNo()))) {
			// Guarded like every write: the order this transaction has just made PAID with this payment's payNo.
			int stamped = this.jdbc.update("""
					UPDATE t_order SET pay_no = ? WHERE order_no = ? AND status = 'PAID' AND pay_no = ?""",
					flowPayNo.orElse(null), payment.orderNo(), payment.payNo());
			if (stamped != 1) {
				throw new IllegalStateException("Order " + payment.orderNo() + " changed under its CAS; retry");
			}
		}
		return OrderStateMachine.explainExistingFlow(flowPayNo, payment);
	}

	private Optional<OrderSnapshot> lockedOrder(String orderNo) {
		List<OrderSnapshot> rows = this.jdbc.query(
				"SELECT order_no, user_id, amount, currency, status, pay_no FROM t_order WHERE order_no = ? LOCK IN SHARE MODE",
				(rs, i) -> new OrderSnapshot(rs.getString("order_no"), rs.getLong("user_id"),
						rs.getBigDecimal("amount"), rs.getString("currency"), OrderStatus.of(rs.getString("status")),
						Optional.ofNullable(rs.getString("pay_no"))),
				orderNo);
		return rows.stream().findFirst();
	}

	private Optional<AccountSnapshot> lockedAccount(long userId) {
		return this.jdbc.query("""
				SELECT a.user_id, a.balance, a.currency, f.status AS freeze_status
				FROM t_account a LEFT JOIN t_account_freeze f ON f.user_id = a.user_id
				WHERE a.user_id = ? LOCK IN SHARE MODE""",
				(rs, i) -> new AccountSnapshot(rs.getLong("user_id"), rs.getBigDecimal("balance"),
						rs.getString("currency"), "FROZEN".equals(rs.getString("freeze_status"))),
				userId)
			.stream()
			.findFirst();
	}

	private long insertFlow(PaySuccess payment, Timestamp at) {
		KeyHolder keys = new GeneratedKeyHolder();
		this.jdbc.update((connection) -> {
			PreparedStatement insert = connection.prepareStatement(
					"INSERT INTO t_account_flow (user_id, amount, biz_no, type, pay_no, created_at) VALUES (?, ?, ?, ?, ?, ?)",
					Statement.RETURN_GENERATED_KEYS);
			insert.setLong(1, payment.userId());
			insert.setBigDecimal(2, payment.amount().negate());
			insert.setString(3, payment.orderNo());
			insert.setString(4, PAY_DEDUCT);
			insert.setString(5, payment.payNo());
			insert.setTimestamp(6, at);
			return insert;
		}, keys);
		Number id = keys.getKey();
		if (id == null) {
			throw new IllegalStateException("No generated id for the flow of " + payment.orderNo());
		}
		return id.longValue();
	}

	/**
	 * Insert and delete in the same transaction: the relay reads the inserts from the binlog. One multi-row
	 * {@code INSERT} for the whole poll; the rows are deleted one primary key at a time, in one JDBC batch.
	 * <p>
	 * Not one {@code DELETE ... WHERE id IN (...)}: on an outbox that is nearly empty (every row is deleted at once)
	 * MariaDB scans the primary key for it and takes next-key locks on what it passes, other polls' uncommitted rows
	 * included, so two consumer threads deadlocked (MariaDB's report in the benchmark: both waiting on
	 * {@code t_outbox}'s PRIMARY, {@code lock_mode X}; 53-72 polls rolled back and redone per benchmark run). A
	 * delete by the exact key of a row this transaction inserted locks that row only, which no one else can hold.
	 */
	private void writeOutbox(List<TracedEvent> events) {
		if (events.isEmpty()) {
			return;
		}
		List<Object> rows = new ArrayList<>(events.size() * 7);
		List<String> ids = new ArrayList<>(events.size());
		for (TracedEvent traced : events) {
			PayDeducted event = traced.event();
			String id = UUID.randomUUID().toString();
			ids.add(id);
			rows.add(id);
			rows.add(Topic.PAY_DEDUCTED.topicName());
			rows.add(event.orderNo());
			rows.add(EventType.PAY_DEDUCTED.wireName());
			rows.add(EventCodec.encodeToString(event));
			// the delivery's span: pay.deducted continues the payment's trace (NULL without one)
			rows.add(traced.trace().traceparent());
			rows.add(traced.trace().tracestate());
		}
		this.jdbc.update("INSERT INTO t_outbox (id, aggregatetype, aggregateid, type, payload, traceparent, tracestate)"
				+ " VALUES " + String.join(", ", Collections.nCopies(events.size(), "(?, ?, ?, ?, ?, ?, ?)")),
				rows.toArray());
		this.jdbc.batchUpdate("DELETE FROM t_outbox WHERE id = ?",
				ids.stream().map((id) -> new Object[] { id }).toList());
	}

	/** A {@code PayDeducted} and the trace context of the delivery that deducted it. */
	private record TracedEvent(PayDeducted event, TraceContext trace) {

	}

}
