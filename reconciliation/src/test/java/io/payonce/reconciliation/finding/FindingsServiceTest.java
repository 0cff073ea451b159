package io.payonce.reconciliation.finding;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.payonce.reconciliation.continuous.DeductionSeen;
import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.FindingKind;
import io.payonce.reconciliation.finding.FindingStatus.LedgerFacts;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FindingsServiceTest {

	private static final Instant T0 = Instant.parse("2026-11-30T10:00:00Z");

	@Test
	void findingsComeNewestFirstFilteredByKindAndByTheirStatusInTheLedgerNow() {
		// given a MISSING whose deduction came since, an open MISSING, a reversed DUPLICATE and an open one
		List<Finding> log = List.of(finding("MISSING:A", FindingKind.MISSING, "A", 1),
				finding("MISSING:B", FindingKind.MISSING, "B", 2), finding("DUPLICATE:C:2", FindingKind.DUPLICATE, "C", 3),
				finding("DUPLICATE:D:2", FindingKind.DUPLICATE, "D", 4));
		Map<String, LedgerFacts> ledger = Map.of("A", new LedgerFacts(1, 0), "B", new LedgerFacts(0, 0), "C",
				new LedgerFacts(2, 1), "D", new LedgerFacts(2, 0));
		FindingsService service = new FindingsService((from, to) -> log, ledger::get);

		// when / then
		assertThat(service.find(query(null, null, 10)).findings()).extracting(FindingsService.FindingView::orderNo)
			.containsExactly("D", "C", "B", "A");
		assertThat(service.find(query(null, FindingStatus.OPEN, 10)).findings())
			.extracting(FindingsService.FindingView::orderNo)
			.containsExactly("D", "B");
		assertThat(service.find(query(FindingKind.DUPLICATE, FindingStatus.SETTLED, 10)).findings())
			.extracting(FindingsService.FindingView::orderNo)
			.containsExactly("C");
		FindingsService.FindingPage newest = service.find(query(FindingKind.MISSING, null, 1));
		assertThat(newest.matched()).isEqualTo(2);
		assertThat(newest.findings()).singleElement().satisfies(view -> {
			assertThat(view.orderNo()).isEqualTo("B");
			assertThat(view.status()).isEqualTo(FindingStatus.OPEN);
		});
	}

	@Test
	void aMissingSettledOnTheTopicIsSettledWithHowLateItsDeductionCame() {
		// given a MISSING followed by its settlement, while the ledger (read later) would not know it yet
		Finding raised = finding("MISSING:F", FindingKind.MISSING, "F", 1);
		Finding settled = raised.settledBy(new Finding.Settlement(T0.plusSeconds(600), Duration.ofMinutes(12),
				"deduction flow 1 arrived PT12M after the payment"));
		FindingsService service = new FindingsService((from, to) -> List.of(settled),
				orderNo -> new LedgerFacts(0, 0));

		// when / then
		assertThat(service.find(query(null, null, 10)).findings()).singleElement().satisfies(view -> {
			assertThat(view.status()).isEqualTo(FindingStatus.SETTLED);
			assertThat(view.settledAt()).isEqualTo(T0.plusSeconds(600));
			assertThat(view.lateBy()).isEqualTo(Duration.ofMinutes(12));
		});
		assertThat(service.find(query(null, FindingStatus.OPEN, 10)).matched()).isZero();
	}

	@Test
	void aMismatchStaysOpenWhateverTheLedgerSays() {
		assertThat(FindingStatus.of(finding("MISMATCH:E", FindingKind.MISMATCH, "E", 1), new LedgerFacts(1, 0)))
			.isEqualTo(FindingStatus.OPEN);
	}

	private static FindingQuery query(FindingKind kind, FindingStatus status, int limit) {
		return new FindingQuery(kind, status, T0, T0.plusSeconds(3600), limit);
	}

	private static Finding finding(String id, FindingKind kind, String orderNo, int minutes) {
		return new Finding(id, kind, orderNo, null,
				List.of(new DeductionSeen(1L, "PN-" + orderNo, 10086L, new BigDecimal("199.00"), "CNY", T0)), kind + "",
				T0.plusSeconds(60L * minutes));
	}

}
