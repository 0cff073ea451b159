package io.payonce.reconciliation.freeze;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * {@code t_account_freeze} and its audit in memory, with the JDBC adapter's guards: the first row only for an
 * existing account and only once, later changes by CAS on status and version. {@link #beforeNextChange} lets a test
 * play a concurrent operator between the service's read and its write.
 */
public final class InMemoryFreezeLedger implements FreezeLedger {

	final Set<Long> accounts = new HashSet<>();

	final Map<Long, AccountFreeze> rows = new HashMap<>();

	public final List<FreezeAuditEntry> audit = new ArrayList<>();

	Runnable beforeNextChange = () -> {
	};

	/** An account that exists, never frozen. */
	public InMemoryFreezeLedger account(long userId) {
		this.accounts.add(userId);
		return this;
	}

	@Override
	public Optional<AccountFreeze> find(long userId) {
		return Optional.ofNullable(this.rows.get(userId));
	}

	@Override
	public List<AccountFreeze> frozen() {
		return this.rows.values()
			.stream()
			.filter(AccountFreeze::frozen)
			.sorted(Comparator.comparing(AccountFreeze::changedAt).reversed())
			.toList();
	}

	@Override
	public boolean accountExists(long userId) {
		return this.accounts.contains(userId);
	}

	@Override
	public OptionalLong change(Optional<AccountFreeze> before, FreezeStatus to, FreezeRequest request, Instant at,
			FreezeAuditEntry entry) {
		Runnable concurrent = this.beforeNextChange;
		this.beforeNextChange = () -> {
		};
		concurrent.run();
		AccountFreeze now = this.rows.get(request.userId());
		if (before.isEmpty()) {
			if (now != null || !this.accounts.contains(request.userId())) {
				return OptionalLong.empty();
			}
		}
		else if (now == null || now.status() != before.get().status() || now.version() != before.get().version()) {
			return OptionalLong.empty();
		}
		long version = (now == null) ? 1 : now.version() + 1;
		this.rows.put(request.userId(), new AccountFreeze(request.userId(), to, version, request.operator(), at,
				request.reason(), request.cause()));
		return OptionalLong.of(audit(entry));
	}

	@Override
	public long audit(FreezeAuditEntry entry) {
		this.audit.add(entry);
		return this.audit.size();
	}

}
