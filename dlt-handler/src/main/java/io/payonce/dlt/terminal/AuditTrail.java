package io.payonce.dlt.terminal;

import java.util.List;

/** Where operator actions are kept; append-only. */
public interface AuditTrail {

	void append(AuditEntry entry);

	/** Every entry, oldest first. */
	List<AuditEntry> entries();

}
