package io.payonce.reconciliation.finding;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.FindingKind;

/** The findings a person asks for: newest first, filtered, with their status from the ledger now. */
public final class FindingsService {

	private final FindingsLog log;

	private final OrderFacts ledger;

	public FindingsService(FindingsLog log, OrderFacts ledger) {
		this.log = log;
		this.ledger = ledger;
	}

	/** One finding as shown. */
	public record FindingView(String findingId, FindingKind kind, FindingStatus status, String orderNo,
			Instant detectedAt, String detail, BigDecimal deducted, int deductions, BigDecimal paid) {

	}

	/**
	 * @param matched how many findings matched, of which {@code findings} are the newest {@code limit}
	 */
	public record FindingPage(List<FindingView> findings, int matched) {

	}

	public FindingPage find(FindingQuery query) {
		List<Finding> found = new ArrayList<>(this.log.detectedBetween(query.from(), query.to()));
		found.sort(Comparator.comparing(Finding::detectedAt).reversed().thenComparing(Finding::findingId));
		List<FindingView> matching = new ArrayList<>();
		int matched = 0;
		for (Finding finding : found) {
			if (query.kind() != null && finding.kind() != query.kind()) {
				continue;
			}
			// the ledger is asked only where the answer matters: to filter, or for a finding that is shown
			boolean shown = matching.size() < query.limit();
			FindingStatus status = (query.status() != null || shown)
					? FindingStatus.of(finding, this.ledger.of(finding.orderNo())) : null;
			if (query.status() != null && status != query.status()) {
				continue;
			}
			matched++;
			if (shown) {
				matching.add(new FindingView(finding.findingId(), finding.kind(), status, finding.orderNo(),
						finding.detectedAt(), finding.detail(), finding.deductedTotal(), finding.deductions().size(),
						(finding.payment() != null) ? finding.payment().amount() : null));
			}
		}
		return new FindingPage(matching, matched);
	}

}
