package io.payonce.reconciliation.alert.infra;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.reconciliation.alert.FindingSink;
import io.payonce.reconciliation.continuous.Finding;

/** Counter {@code payonce.reconciliation.findings{kind=MISSING|DUPLICATE|MISMATCH}} for Prometheus rules. */
final class MeterFindingSink implements FindingSink {

	static final String METER = "payonce.reconciliation.findings";

	private final MeterRegistry registry;

	MeterFindingSink(MeterRegistry registry) {
		this.registry = registry;
	}

	@Override
	public void raise(Finding finding) {
		Counter.builder(METER)
			.description("Reconciliation findings raised")
			.tag("kind", finding.kind().name())
			.register(this.registry)
			.increment();
	}

}
