package io.payonce.dlt.terminal;

/**
 * What an operator did with a terminal record. OPEN counts in the backlog; REPLAYED and RESOLVED do not. A
 * replayed record that fails again arrives as a new terminal record and is OPEN again.
 */
public enum TerminalStatus {

	OPEN, REPLAYED, RESOLVED

}
