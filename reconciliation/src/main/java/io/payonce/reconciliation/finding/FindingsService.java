package io.payonce.reconciliation.finding;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.FindingKind;

/**
 * The findings a person asks for: newest first, filtered, with their status: SETTLED when the findings topic holds
 * its settlement (a MISSING deduction that came late, with how late), else as the ledger judges it now (a duplicate
 * reversed since).
 */
public final class FindingsService {

	private final FindingsLog log;

	private final OrderFacts ledger;

	public FindingsService(FindingsLog log, OrderFacts ledger) {
		this.log = log;
		this.ledger = ledger;
	}

	/**
	 * One finding as shown.
	 *
	 * @param settledAt {@code null} unless a settlement record followed the finding
	 * @param lateBy with {@code settledAt}: how long after its payment the deduction came
	 */
	public record FindingView(String findingId, FindingKind kind, FindingStatus status, String orderNo,
			Instant detectedAt, String detail, BigDecimal deducted, int deductions, BigDecimal paid, Instant settledAt,
			Duration lateBy) {

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
			FindingStatus status = (query.status() != null || shown) ? statusOf(finding) : null;
			if (query.status() != null && status != query.status()) {
				continue;
			}
			matched++;
			if (shown) {
				matching.add(new FindingView(finding.findingId(), finding.kind(), status, finding.orderNo(),
						finding.detectedAt(), finding.detail(), finding.deductedTotal(), finding.deductions().size(),
						(finding.payment() != null) ? finding.payment().amount() : null,
						finding.settles() ? finding.settlement().settledAt() : null,
						finding.settles() ? finding.settlement().lateBy() : null));
			}
		}
		return new FindingPage(matching, matched);
	}

	private FindingStatus statusOf(Finding finding) {
		return finding.settles() ? FindingStatus.SETTLED : FindingStatus.of(finding, this.ledger.of(finding.orderNo()));
	}

}
