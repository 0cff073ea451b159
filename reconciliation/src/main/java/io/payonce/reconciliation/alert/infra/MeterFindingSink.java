package io.payonce.reconciliation.alert.infra;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.reconciliation.alert.FindingSink;
import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.FindingKind;

/**
 * Counter {@code payonce.reconciliation.findings{kind=MISSING|DUPLICATE|MISMATCH}} for Prometheus rules, and
 * {@code payonce.reconciliation.findings.settled{kind}} for the findings that settled (a MISSING deduction that came
 * late, a DUPLICATE reversed), so that raised − settled is what still needs someone (on this instance's tasks; the
 * gauges of {@code OpenFindingsGauges} count it over the whole findings topic). Every kind
 * is registered at zero on start: the rule {@code PayonceReconciliationFinding} uses {@code increase()}, which does
 * not see a series whose first sample is already 1 (the first finding after a start would pass unseen).
 */
final class MeterFindingSink implements FindingSink {

	static final String METER = "payonce.reconciliation.findings";

	static final String SETTLED_METER = "payonce.reconciliation.findings.settled";

	private final MeterRegistry registry;

	MeterFindingSink(MeterRegistry registry) {
		this.registry = registry;
		for (FindingKind kind : FindingKind.values()) {
			raised(kind);
			settled(kind);
		}
	}

	@Override
	public void raise(Finding finding) {
		if (finding.settles()) {
			settled(finding.kind()).increment();
		}
		else {
			raised(finding.kind()).increment();
		}
	}

	private Counter raised(FindingKind kind) {
		return Counter.builder(METER)
			.description("Reconciliation findings raised")
			.tag("kind", kind.name())
			.register(this.registry);
	}

	private Counter settled(FindingKind kind) {
		return Counter.builder(SETTLED_METER)
			.description("Reconciliation findings settled (a MISSING deduction that came late, a DUPLICATE reversed)")
			.tag("kind", kind.name())
			.register(this.registry);
	}

}
