package io.payonce.reconciliation.timeline;

import java.util.LinkedHashMap;
import java.util.Map;

import io.payonce.contract.TimelineFact;
import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.reversal.ReversalBooked;

/**
 * What reconciliation tells the ops timeline about an order, as {@link TimelineFact}s: a FINDING raised (decision
 * {@code OPEN}) or settled ({@code SETTLED}), with its kind, id and, for a late deduction, how late it was; a
 * REVERSAL booked, with who, which flow and how much. Plain mapping, stamped with when reconciliation acted (the
 * finding's detection or settlement, the reversal's booking), not when the fact was sent.
 */
public final class ReconciliationFacts {

	private ReconciliationFacts() {
	}

	public static TimelineFact finding(Finding finding, String service, String instance) {
		Map<String, String> detail = new LinkedHashMap<>();
		detail.put("kind", finding.kind().name());
		detail.put("findingId", finding.findingId());
		if (finding.settles()) {
			if (finding.settlement().lateBy() != null) {
				detail.put("lateBy", finding.settlement().lateBy().toString());
			}
			detail.put("settledBy", finding.settlement().detail());
			if (finding.settlement().flowId() != null) {
				// the deduction that settled it: the timeline places the settlement after that deduction
				detail.put("flowId", finding.settlement().flowId().toString());
			}
		}
		else {
			detail.put("detail", finding.detail());
		}
		return new TimelineFact(finding.orderNo(),
				finding.settles() ? finding.settlement().settledAt() : finding.detectedAt(), service, instance,
				TimelineFact.Step.FINDING, finding.settles() ? "SETTLED" : "OPEN", null, detail);
	}

	public static TimelineFact reversal(ReversalBooked reversal, String service, String instance) {
		Map<String, String> detail = new LinkedHashMap<>();
		detail.put("operator", reversal.operator());
		detail.put("channel", reversal.channel());
		detail.put("reversedFlowId", Long.toString(reversal.reversedFlowId()));
		detail.put("reversalFlowId", Long.toString(reversal.reversalFlowId()));
		detail.put("amount", reversal.amount().toPlainString());
		detail.put("userId", Long.toString(reversal.userId()));
		return new TimelineFact(reversal.orderNo(), reversal.bookedAt(), service, instance, TimelineFact.Step.REVERSAL,
				"REVERSED", null, detail);
	}

}
