package io.payonce.gateway.callback.jdbc;

import java.math.BigDecimal;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import io.payonce.gateway.callback.domain.PaymentCallback;
import io.payonce.gateway.callback.domain.PaymentKind;
import io.payonce.gateway.callback.domain.PaymentSource;
import io.payonce.gateway.callback.domain.PaymentStore;
import io.payonce.gateway.callback.domain.StoredPayment;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code t_payment} with plain SQL. DATETIME columns hold UTC; conversion happens only here. The order's PRIMARY
 * is found through {@code primary_order_no}, the generated column that carries the orderNo of the PRIMARY row
 * only and is unique (V2 migration).
 */
public class JdbcPaymentStore implements PaymentStore {

	private static final String COLUMNS = """
			id, pay_no, order_no, kind, user_id, amount, currency, status, paid_at, fingerprint, event_id,
			duplicate_count, received_at, last_duplicate_at""";

	private final JdbcClient jdbc;

	public JdbcPaymentStore(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public List<StoredPayment> findByOrderNoOrPayNo(String orderNo, String payNo) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM t_payment WHERE order_no = ? OR pay_no = ? ORDER BY id")
			.params(orderNo, payNo)
			.query(JdbcPaymentStore::map)
			.list();
	}

	@Override
	public Optional<StoredPayment> findByOrderNo(String orderNo) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM t_payment WHERE primary_order_no = ?")
			.params(orderNo)
			.query(JdbcPaymentStore::map)
			.optional();
	}

	/** Every payment recorded for the order, the one that holds it and the second ones, oldest first. */
	public List<StoredPayment> findAllOfOrder(String orderNo) {
		return this.jdbc.sql("SELECT " + COLUMNS + " FROM t_payment WHERE order_no = ? ORDER BY id")
			.params(orderNo)
			.query(JdbcPaymentStore::map)
			.list();
	}

	@Override
	public boolean insertIfNew(PaymentCallback callback, PaymentKind kind, PaymentSource source, UUID eventId,
			Instant receivedAt) {
		return insertAllIfNew(List.of(new NewPayment(callback, kind, source, eventId, receivedAt)));
	}

	@Override
	public boolean insertAllIfNew(List<NewPayment> rows) {
		List<Object> params = new ArrayList<>(rows.size() * 12);
		for (NewPayment row : rows) {
			PaymentCallback callback = row.callback();
			params.addAll(Arrays.asList(callback.payNo(), callback.orderNo(), row.kind().name(), row.source().name(),
					callback.userId(), callback.amount(), callback.currency(), callback.status(), utc(callback.paidAt()),
					callback.fingerprint(), (row.eventId() != null) ? row.eventId().toString() : null,
					utc(row.receivedAt())));
		}
		try {
			this.jdbc.sql("""
					INSERT INTO t_payment (pay_no, order_no, kind, source, user_id, amount, currency, status, paid_at,
					                       fingerprint, event_id, duplicate_count, received_at)
					VALUES """ + String.join(", ", Collections.nCopies(rows.size(), "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?)")))
				.params(params)
				.update();
			return true;
		}
		catch (DuplicateKeyException ex) {
			// uk_pay_no or uk_primary_order_no. InnoDB rolls back only this statement (every row of it), and only
			// once the key's holder has committed (an uncommitted holder makes us wait): the transaction is intact
			// and the holder readable.
			return false;
		}
	}

	@Override
	public void countDuplicate(long id, Instant at) {
		this.jdbc
			.sql("UPDATE t_payment SET duplicate_count = duplicate_count + 1, last_duplicate_at = ? WHERE id = ?")
			.params(utc(at), id)
			.update();
	}

	@Override
	public boolean promoteToSuccess(long id, PaymentKind fromKind, String fromStatus, PaymentKind toKind,
			UUID eventId) {
		// CAS: only the kind and status we read may be replaced, and only while no event exists; 0 rows = someone
		// else won. Becoming PRIMARY while the order has one is refused by uk_primary_order_no: lost as well.
		try {
			int rows = this.jdbc.sql("""
					UPDATE t_payment SET status = ?, event_id = ?, kind = ?
					WHERE id = ? AND kind = ? AND status = ? AND event_id IS NULL""")
				.params(PaymentCallback.SUCCESS, eventId.toString(), toKind.name(), id, fromKind.name(), fromStatus)
				.update();
			return rows == 1;
		}
		catch (DuplicateKeyException ex) {
			return false;
		}
	}

	@Override
	public boolean yieldOrder(long id) {
		// CAS: only a PRIMARY that never succeeded yields its order; 0 rows = it succeeded or yielded meanwhile.
		int rows = this.jdbc.sql("""
				UPDATE t_payment SET kind = 'DUPLICATE'
				WHERE id = ? AND kind = 'PRIMARY' AND event_id IS NULL""")
			.params(id)
			.update();
		return rows == 1;
	}

	private static StoredPayment map(ResultSet rs, int row) throws SQLException {
		String eventId = rs.getString("event_id");
		return new StoredPayment(rs.getLong("id"), rs.getString("pay_no"), rs.getString("order_no"),
				PaymentKind.valueOf(rs.getString("kind")), rs.getLong("user_id"), rs.getObject("amount", BigDecimal.class), rs.getString("currency"),
				rs.getString("status"), instant(rs, "paid_at"), rs.getString("fingerprint"),
				(eventId != null) ? UUID.fromString(eventId) : null, rs.getInt("duplicate_count"),
				instant(rs, "received_at"), instant(rs, "last_duplicate_at"));
	}

	private static Instant instant(ResultSet rs, String column) throws SQLException {
		LocalDateTime value = rs.getObject(column, LocalDateTime.class);
		return (value != null) ? value.toInstant(ZoneOffset.UTC) : null;
	}

	static LocalDateTime utc(Instant instant) {
		// the same value as LocalDateTime.ofInstant(instant, UTC), which on Java 17 builds a ZoneRules per call (issue 19)
		return LocalDateTime.ofEpochSecond(instant.getEpochSecond(), instant.getNano(), ZoneOffset.UTC);
	}

}
