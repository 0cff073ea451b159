package io.payonce.reconciliation.finding.metrics;

import java.time.Clock;
import java.time.Duration;
import java.util.function.BooleanSupplier;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.reconciliation.continuous.FindingKind;
import io.payonce.reconciliation.finding.OpenFindings;

/**
 * What still needs someone, from the whole findings topic: {@code payonce.reconciliation.findings.open{kind}} (open
 * findings) and {@code payonce.reconciliation.findings.open.oldest.age{kind}} (seconds since the oldest open one was
 * raised, 0 when none is open), for the rule {@code PayonceFindingsOpen}. NaN until the topic was read to its end
 * (a partial count would be wrong both ways). Every kind is registered at start.
 */
public final class OpenFindingsGauges {

	static final String OPEN = "payonce.reconciliation.findings.open";

	static final String OLDEST_AGE = "payonce.reconciliation.findings.open.oldest.age";

	public OpenFindingsGauges(OpenFindings open, BooleanSupplier caughtUp, Clock clock, MeterRegistry registry) {
		for (FindingKind kind : FindingKind.values()) {
			Gauge.builder(OPEN, () -> caughtUp.getAsBoolean() ? open.count(kind) : Double.NaN)
				.description("Reconciliation findings not settled (raised on the findings topic, no settlement after)")
				.tag("kind", kind.name())
				.register(registry);
			Gauge.builder(OLDEST_AGE, () -> caughtUp.getAsBoolean() ? open.oldestRaisedAt(kind)
				.map((raised) -> (double) Duration.between(raised, clock.instant()).toSeconds())
				.orElse(0.0) : Double.NaN)
				.description("Seconds since the oldest open reconciliation finding was raised, 0 when none is open")
				.tag("kind", kind.name())
				.baseUnit("seconds")
				.register(registry);
		}
	}

}
