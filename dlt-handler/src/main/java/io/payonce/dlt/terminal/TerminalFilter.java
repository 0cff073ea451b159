package io.payonce.dlt.terminal;

import java.time.Instant;

/**
 * What the console lists or replays; every null field matches everything. The time window applies to the
 * arrival in the terminal topic, {@code from} inclusive, {@code to} exclusive.
 */
public record TerminalFilter(String reason, String orderNo, Instant from, Instant to, TerminalStatus status) {

	public static TerminalFilter all() {
		return new TerminalFilter(null, null, null, null, null);
	}

	public boolean matches(TerminalRecord record) {
		return (this.reason == null || this.reason.equals(record.reason()))
				&& (this.orderNo == null || this.orderNo.equals(record.orderNo()))
				&& (this.from == null || !record.arrivedAt().isBefore(this.from))
				&& (this.to == null || record.arrivedAt().isBefore(this.to))
				&& (this.status == null || this.status == record.status());
	}

}
