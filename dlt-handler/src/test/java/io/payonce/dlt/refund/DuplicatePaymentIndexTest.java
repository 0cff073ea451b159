package io.payonce.dlt.refund;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DuplicatePaymentIndexTest {

	static final Instant T0 = Instant.parse("2026-09-28T02:00:00Z");

	private final DuplicatePaymentIndex index = new DuplicatePaymentIndex();

	@Test
	void theSamePaymentReadTwiceOrFromTheOtherDetectorIsOneEntry() {
		// given
		assertThat(this.index.arrived(entry("PN-2", "P-1", "GATEWAY", T0, "0:1"))).isTrue();

		// when the record is read again (restart, redelivery) and the ledger reports the same payNo too
		boolean again = this.index.arrived(entry("PN-2", "P-1", "GATEWAY", T0, "0:1"));
		boolean byTheLedger = this.index.arrived(entry("PN-2", "P-1", "LEDGER", T0.plusSeconds(5), "0:7"));

		// then it is listed once, as first detected
		assertThat(again).isFalse();
		assertThat(byTheLedger).isFalse();
		assertThat(this.index.list(null, null)).singleElement().satisfies((entry) -> {
			assertThat(entry.detectedBy()).isEqualTo("GATEWAY");
			assertThat(entry.position()).isEqualTo("0:1");
			assertThat(entry.state()).isEqualTo(RefundState.OPEN);
		});
	}

	@Test
	void aDecisionReadBeforeItsPaymentIsAppliedWhenThePaymentArrives() {
		// given the decisions topic is read faster than pay.refund-required after a restart
		this.index.decided(refunded("PN-2", "alice", T0.plusSeconds(60)));

		// when
		this.index.arrived(entry("PN-2", "P-1", "GATEWAY", T0, "0:1"));

		// then
		assertThat(this.index.find("PN-2")).hasValueSatisfying((entry) -> {
			assertThat(entry.state()).isEqualTo(RefundState.REFUNDED);
			assertThat(entry.refundedBy()).isEqualTo("alice");
			assertThat(entry.note()).isEqualTo("refund R-PN-2");
		});
		assertThat(this.index.owed(T0.plusSeconds(120)).open()).isZero();
	}

	@Test
	void theLastDecisionInTheTopicWinsAsCompactionKeepsIt() {
		this.index.arrived(entry("PN-2", "P-1", "GATEWAY", T0, "0:1"));

		this.index.decided(refunded("PN-2", "alice", T0.plusSeconds(60)));
		this.index.decided(refunded("PN-2", "bob", T0.plusSeconds(61)));

		assertThat(this.index.find("PN-2").orElseThrow().refundedBy()).isEqualTo("bob");
	}

	@Test
	void listingIsNewestFirstAndFiltersByStateAndExactOrderNo() {
		this.index.arrived(entry("PN-2", "ab-1", "GATEWAY", T0, "0:1"));
		this.index.arrived(entry("PN-3", "AB-1", "GATEWAY", T0.plusSeconds(10), "1:1"));
		this.index.arrived(entry("PN-4", "ab-1", "LEDGER", T0.plusSeconds(20), "0:2"));
		this.index.decided(refunded("PN-4", "alice", T0.plusSeconds(30)));

		assertThat(this.index.list(null, null)).extracting(DuplicatePaymentEntry::payNo)
			.containsExactly("PN-4", "PN-3", "PN-2");
		assertThat(this.index.list(RefundState.OPEN, null)).extracting(DuplicatePaymentEntry::payNo)
			.containsExactly("PN-3", "PN-2");
		assertThat(this.index.list(null, "ab-1")).extracting(DuplicatePaymentEntry::payNo)
			.containsExactly("PN-4", "PN-2");
	}

	@Test
	void owedCountsOpenEntriesAndTheAgeOfTheOldest() {
		this.index.arrived(entry("PN-2", "P-1", "GATEWAY", T0, "0:1"));
		this.index.arrived(entry("PN-3", "P-2", "GATEWAY", T0.plusSeconds(100), "0:2"));
		this.index.arrived(entry("PN-4", "P-3", "GATEWAY", T0.plusSeconds(200), "0:3"));
		this.index.decided(refunded("PN-2", "alice", T0.plusSeconds(250)));

		DuplicatePaymentIndex.Owed owed = this.index.owed(T0.plusSeconds(300));

		assertThat(owed.open()).isEqualTo(2);
		assertThat(owed.oldestAge()).isEqualTo(Duration.ofSeconds(200));
		assertThat(new DuplicatePaymentIndex().owed(T0)).isEqualTo(new DuplicatePaymentIndex.Owed(0, Duration.ZERO));
	}

	static DuplicatePaymentEntry entry(String payNo, String orderNo, String detectedBy, Instant detectedAt,
			String position) {
		return DuplicatePaymentEntry.detected(payNo, orderNo, 10086L, new BigDecimal("199.00"), "CNY",
				Instant.parse("2026-09-28T01:59:00Z"), "PN-1", detectedBy, "evt-" + payNo + "-" + detectedBy, detectedAt,
				position, null);
	}

	static RefundDecision refunded(String payNo, String by, Instant at) {
		return new RefundDecision(payNo, RefundState.REFUNDED, "refund R-" + payNo, by, at, "audit-" + by);
	}

}
