package io.payonce.gateway.callback.domain;

import java.util.function.Supplier;

/**
 * Port: runs work in one database transaction, committed when it returns and rolled back when it throws.
 * Implementations translate "the database is not there" into {@link StoreUnavailableException} and a lost
 * unique-key or lock race into {@link ConcurrentWriteException}.
 */
public interface Transactions {

	<T> T inTransaction(Supplier<T> work);

}
