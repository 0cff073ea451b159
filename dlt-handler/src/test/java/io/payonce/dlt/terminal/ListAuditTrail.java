package io.payonce.dlt.terminal;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** An {@link AuditTrail} in memory, for tests that read back what was audited. Thread-safe. */
public final class ListAuditTrail implements AuditTrail {

	private final List<AuditEntry> entries = new CopyOnWriteArrayList<>();

	@Override
	public void append(AuditEntry entry) {
		this.entries.add(entry);
	}

	@Override
	public List<AuditEntry> entries() {
		return List.copyOf(this.entries);
	}

}
