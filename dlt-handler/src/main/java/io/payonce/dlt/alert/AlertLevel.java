package io.payonce.dlt.alert;

/** Severity of the terminal backlog, in increasing order. */
public enum AlertLevel {

	NONE, WARNING, CRITICAL

}
