package io.payonce.dlt.terminal;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** An {@link AuditTrail} in memory, for tests that read back what was audited. Thread-safe; a test may override {@link #append} to fail. */
public class ListAuditTrail implements AuditTrail {

	private final List<AuditEntry> entries = new CopyOnWriteArrayList<>();

	@Override
	public void append(AuditEntry entry) {
		this.entries.add(entry);
	}

	@Override
	public List<AuditEntry> entries() {
		return List.copyOf(this.entries);
	}

	@Override
	public void verify() {
		// held in memory: nothing stored to compare with
	}

}
