package io.payonce.reconciliation.alert.infra;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.reconciliation.alert.FindingSink;
import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.FindingKind;

/**
 * Counter {@code payonce.reconciliation.findings{kind=MISSING|DUPLICATE|MISMATCH}} for Prometheus rules. Every kind
 * is registered at zero on start: the rule {@code PayonceReconciliationFinding} uses {@code increase()}, which does
 * not see a series whose first sample is already 1 (the first finding after a start would pass unseen).
 */
final class MeterFindingSink implements FindingSink {

	static final String METER = "payonce.reconciliation.findings";

	private final MeterRegistry registry;

	MeterFindingSink(MeterRegistry registry) {
		this.registry = registry;
		for (FindingKind kind : FindingKind.values()) {
			counter(kind);
		}
	}

	@Override
	public void raise(Finding finding) {
		counter(finding.kind()).increment();
	}

	private Counter counter(FindingKind kind) {
		return Counter.builder(METER)
			.description("Reconciliation findings raised")
			.tag("kind", kind.name())
			.register(this.registry);
	}

}
