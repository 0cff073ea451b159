package io.payonce.gateway.callback.jdbc;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import io.payonce.gateway.callback.domain.StoredPayment;
import io.payonce.gateway.callback.domain.Transactions;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reads an order's payments (or a day of payments) for the ops lookup through a small read-only pool of its own:
 * lookups never wait for, nor hold, a connection of the callbacks' pool. Database errors become
 * {@code StoreUnavailableException} (503) as for callbacks ({@link SpringTransactions}). Not a {@code DataSource}
 * bean, so Spring Boot's own pool stays the application's data source.
 */
public final class PaymentLookup implements AutoCloseable {

	private final HikariDataSource pool;

	private final JdbcClient jdbc;

	private final JdbcPaymentStore payments;

	private final Transactions transactions;

	public PaymentLookup(HikariDataSource pool) {
		this.pool = pool;
		this.jdbc = JdbcClient.create(pool);
		this.payments = new JdbcPaymentStore(this.jdbc);
		this.transactions = new SpringTransactions(new TransactionTemplate(new DataSourceTransactionManager(pool)));
	}

	/** The order's payments, oldest first, read in one transaction (empty: the gateway never saw the order). */
	public List<StoredPayment> find(String orderNo) {
		return this.transactions.inTransaction(() -> this.payments.findAllOfOrder(orderNo));
	}

	/**
	 * Every payment row (each payNo, PRIMARY and DUPLICATE, any status) whose {@code paid_at} lies in the UTC day
	 * {@code [day 00:00Z, day+1 00:00Z)}, ordered by paid_at and payNo: what statement reconciliation matches a
	 * platform's statement of that day against (index {@code ix_paid_at}, migration V3).
	 */
	public List<DayPayment> day(LocalDate day) {
		LocalDateTime from = day.atStartOfDay();
		return this.transactions.inTransaction(() -> this.jdbc.sql("""
				SELECT pay_no, order_no, kind, source, user_id, amount, currency, status, paid_at
				FROM t_payment WHERE paid_at >= ? AND paid_at < ? ORDER BY paid_at, pay_no""")
			.params(from, from.plusDays(1))
			.query((rs, row) -> new DayPayment(rs.getString("pay_no"), rs.getString("order_no"), rs.getString("kind"),
					rs.getString("source"), rs.getLong("user_id"), rs.getObject("amount", BigDecimal.class),
					rs.getString("currency"), rs.getString("status"),
					rs.getObject("paid_at", LocalDateTime.class).toInstant(ZoneOffset.UTC)))
			.list());
	}

	/** One row of {@code t_payment} as statement reconciliation needs it. */
	public record DayPayment(String payNo, String orderNo, String kind, String source, long userId, BigDecimal amount,
			String currency, String status, Instant paidAt) {

	}

	@Override
	public void close() {
		this.pool.close();
	}

}
