package io.payonce.gateway.callback.jdbc;

import java.util.function.Supplier;

import io.payonce.gateway.callback.domain.ConcurrentWriteException;
import io.payonce.gateway.callback.domain.StoreUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.dao.RecoverableDataAccessException;
import org.springframework.dao.TransientDataAccessResourceException;
import org.springframework.jdbc.UncategorizedSQLException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@link io.payonce.gateway.callback.domain.Transactions} with Spring's {@link TransactionTemplate}, and the
 * one place where Spring's data-access exceptions become the domain's:
 * <ul>
 * <li>no connection, connection lost, commit not confirmed → {@link StoreUnavailableException} (503). A
 * failed commit is an unknown outcome; 503 makes the platform retry, and the retry finds out.</li>
 * <li>deadlock or lock wait timeout → {@link ConcurrentWriteException}: rolled back, decide again.</li>
 * </ul>
 */
public class SpringTransactions implements io.payonce.gateway.callback.domain.Transactions {

	private static final Logger log = LoggerFactory.getLogger(SpringTransactions.class);

	/** MariaDB's and MySQL's {@code ER_LOCK_WAIT_TIMEOUT}. */
	private static final int LOCK_WAIT_TIMEOUT = 1205;

	private final TransactionTemplate template;

	public SpringTransactions(TransactionTemplate template) {
		this.template = template;
	}

	@Override
	public <T> T inTransaction(Supplier<T> work) {
		try {
			return this.template.execute((status) -> work.get());
		}
		catch (PessimisticLockingFailureException ex) {
			log.warn("Lock conflict, rolled back: {}", ex.getMostSpecificCause().getMessage());
			throw new ConcurrentWriteException("Lock conflict: " + ex.getClass().getSimpleName(), ex);
		}
		catch (UncategorizedSQLException ex) {
			// MariaDB reports a lock wait timeout as error 1205 with SQL state HY000, which Spring leaves
			// uncategorized (seen in GroupCommitBatchAnswersEachCallbackIT): it is a lock conflict all the same.
			if (ex.getSQLException() != null && ex.getSQLException().getErrorCode() == LOCK_WAIT_TIMEOUT) {
				log.warn("Lock wait timeout, rolled back: {}", ex.getSQLException().getMessage());
				throw new ConcurrentWriteException("Lock wait timeout", ex);
			}
			throw ex;
		}
		catch (CannotCreateTransactionException | DataAccessResourceFailureException
				| TransientDataAccessResourceException | RecoverableDataAccessException | QueryTimeoutException
				| TransactionSystemException ex) {
			throw new StoreUnavailableException("Database unavailable: " + ex.getClass().getSimpleName() + ": "
					+ ex.getMostSpecificCause().getMessage(), ex);
		}
	}

}
