package io.payonce.reconciliation.freeze;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/** The freeze state and its audit, as the trade schema holds them (port; JDBC in {@code jdbc}). */
public interface FreezeLedger {

	/** The account's freeze row, if it was ever frozen. */
	Optional<AccountFreeze> find(long userId);

	/** The accounts frozen now, the latest change first. */
	List<AccountFreeze> frozen();

	boolean accountExists(long userId);

	/**
	 * Moves the account to {@code to}, guarded, and writes {@code audit} in the same transaction. With {@code before}
	 * empty the first row is inserted, only for an existing account (a concurrent first freeze loses on the primary
	 * key); otherwise a CAS on {@code before}'s status and version. Returns the audit row's id, or empty, having
	 * written nothing, when the guard missed: someone changed the account meanwhile, or it is gone.
	 */
	OptionalLong change(Optional<AccountFreeze> before, FreezeStatus to, FreezeRequest request, Instant at,
			FreezeAuditEntry audit);

	/** Writes the audit row of a request that changed nothing; returns its id. */
	long audit(FreezeAuditEntry audit);

}
