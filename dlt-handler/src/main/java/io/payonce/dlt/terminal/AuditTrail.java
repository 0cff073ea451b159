package io.payonce.dlt.terminal;

import java.util.List;

/**
 * Where operator actions are kept: append-only and tamper-evident. An entry that was changed, removed or
 * reordered after it was written is detected by {@link #verify()}.
 */
public interface AuditTrail {

	void append(AuditEntry entry);

	/** Every entry, oldest first. */
	List<AuditEntry> entries();

	/**
	 * Re-reads what is stored and checks that it is the trail this handler wrote.
	 * @throws TamperedAuditTrailException naming the first entry that is not intact
	 */
	void verify();

	/** The stored trail was changed behind the handler's back. */
	final class TamperedAuditTrailException extends IllegalStateException {

		public TamperedAuditTrailException(String message) {
			super(message);
		}

	}

}
