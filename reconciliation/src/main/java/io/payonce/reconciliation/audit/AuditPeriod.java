package io.payonce.reconciliation.audit;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/** A half-open period {@code [from, to)} of flow creation times. */
public record AuditPeriod(Instant from, Instant to) {

	public AuditPeriod {
		Objects.requireNonNull(from, "from");
		Objects.requireNonNull(to, "to");
		if (!from.isBefore(to)) {
			throw new IllegalArgumentException("from " + from + " must be before to " + to);
		}
	}

	public Duration span() {
		return Duration.between(this.from, this.to);
	}

}
