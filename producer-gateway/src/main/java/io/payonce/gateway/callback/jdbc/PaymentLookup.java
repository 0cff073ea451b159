package io.payonce.gateway.callback.jdbc;

import java.util.List;

import com.zaxxer.hikari.HikariDataSource;
import io.payonce.gateway.callback.domain.StoredPayment;
import io.payonce.gateway.callback.domain.Transactions;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reads an order's payments for the ops lookup through a small read-only pool of its own: lookups never wait for, nor
 * hold, a connection of the callbacks' pool. Database errors become {@code StoreUnavailableException} (503) as
 * for callbacks ({@link SpringTransactions}). Not a {@code DataSource} bean, so Spring Boot's own pool stays
 * the application's data source.
 */
public final class PaymentLookup implements AutoCloseable {

	private final HikariDataSource pool;

	private final JdbcPaymentStore payments;

	private final Transactions transactions;

	public PaymentLookup(HikariDataSource pool) {
		this.pool = pool;
		this.payments = new JdbcPaymentStore(JdbcClient.create(pool));
		this.transactions = new SpringTransactions(new TransactionTemplate(new DataSourceTransactionManager(pool)));
	}

	/** The order's payments, oldest first, read in one transaction (empty: the gateway never saw the order). */
	public List<StoredPayment> find(String orderNo) {
		return this.transactions.inTransaction(() -> this.payments.findAllOfOrder(orderNo));
	}

	@Override
	public void close() {
		this.pool.close();
	}

}
