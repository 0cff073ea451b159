package io.payonce.reconciliation.timeline;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.payonce.contract.TimelineFact;
import io.payonce.contract.TimelineFactCodec;
import io.payonce.reconciliation.continuous.Events;
import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.FindingKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReconciliationFactsTest {

	private static final Instant RAISED = Instant.parse("2026-12-01T00:05:00Z");

	private final Finding missing = new Finding("MISSING:P1", FindingKind.MISSING, "P1", null, List.of(),
			"payment PN-P1 of 199.00 CNY has no deduction after PT5M", RAISED);

	@Test
	void aRaisedFindingIsAnOpenFindingFactAtTheTimeItWasRaised() {
		TimelineFact fact = ReconciliationFacts.finding(this.missing, "reconciliation", "pod-a");

		assertThat(fact.orderNo()).isEqualTo("P1");
		assertThat(fact.at()).isEqualTo(RAISED);
		assertThat(fact.step()).isEqualTo(TimelineFact.Step.FINDING);
		assertThat(fact.decision()).isEqualTo("OPEN");
		assertThat(fact.detail()).containsEntry("kind", "MISSING")
			.containsEntry("findingId", "MISSING:P1")
			.containsEntry("detail", "payment PN-P1 of 199.00 CNY has no deduction after PT5M");
	}

	@Test
	void aLateDeductionIsASettledFindingFactWithHowLateItCame() {
		Instant settledAt = RAISED.plus(Duration.ofMinutes(12));
		TimelineFact fact = ReconciliationFacts.finding(this.missing.settledBy(
				new Finding.Settlement(settledAt, Duration.ofMinutes(17), "deduction flow 7 arrived PT17M after", 7L)),
				"reconciliation", "pod-a");

		assertThat(fact.at()).isEqualTo(settledAt);
		assertThat(fact.decision()).isEqualTo("SETTLED");
		assertThat(fact.detail()).containsEntry("lateBy", "PT17M")
			.containsEntry("findingId", "MISSING:P1")
			.containsEntry("flowId", "7");
		// and it survives the wire as the timeline reads it
		assertThat(TimelineFactCodec.decode(TimelineFactCodec.encode(fact))).isEqualTo(fact);
	}

	@Test
	void aReversalFactNamesWhoWhichFlowAndHowMuch() {
		TimelineFact fact = ReconciliationFacts.reversal(Events.aReversal("P4", 4002, 9001), "reconciliation", "pod-a");

		assertThat(fact.step()).isEqualTo(TimelineFact.Step.REVERSAL);
		assertThat(fact.decision()).isEqualTo("REVERSED");
		assertThat(fact.detail()).containsEntry("operator", "alice")
			.containsEntry("channel", "API")
			.containsEntry("reversedFlowId", "4002")
			.containsEntry("reversalFlowId", "9001")
			.containsEntry("amount", "199.00");
	}

}
