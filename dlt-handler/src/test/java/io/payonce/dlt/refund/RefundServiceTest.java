package io.payonce.dlt.refund;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import io.payonce.dlt.terminal.ListAuditTrail;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static io.payonce.dlt.refund.DuplicatePaymentIndexTest.T0;
import static io.payonce.dlt.refund.DuplicatePaymentIndexTest.entry;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class RefundServiceTest {

	private static final Instant NOW = T0.plusSeconds(3600);

	private final DuplicatePaymentIndex index = new DuplicatePaymentIndex();

	private final List<RefundDecision> recorded = new ArrayList<>();

	private final ListAuditTrail trail = new ListAuditTrail();

	private int nextAuditId = 1;

	private RefundService service;

	@BeforeEach
	void setUp() {
		this.service = new RefundService(this.index, this.recorded::add, this.trail, Clock.fixed(NOW, ZoneOffset.UTC),
				() -> "audit-" + this.nextAuditId++);
		this.index.arrived(entry("PN-2", "P-1", "GATEWAY", T0, "0:1"));
	}

	@Test
	void anOperatorMarksARefundWhichIsRecordedShownAndAudited() throws Exception {
		// when
		RefundService.Outcome outcome = this.service.markRefunded("PN-2", "refund R-77 at the platform", "alice")
			.orElseThrow();

		// then the decision is stored for every instance and restart, shown, and audited with who, when and note
		assertThat(outcome.changed()).isTrue();
		assertThat(this.recorded).containsExactly(new RefundDecision("PN-2", RefundState.REFUNDED,
				"refund R-77 at the platform", "alice", NOW, "audit-1"));
		assertThat(outcome.entry().state()).isEqualTo(RefundState.REFUNDED);
		assertThat(this.index.find("PN-2").orElseThrow().refundedAt()).isEqualTo(NOW);
		assertThat(this.trail.entries()).singleElement().satisfies((entry) -> {
			assertThat(entry.id()).isEqualTo("audit-1");
			assertThat(entry.actor()).isEqualTo("alice");
			assertThat(entry.at()).isEqualTo(NOW);
			assertThat(entry.action()).isEqualTo("MARK_REFUNDED");
			assertThat(entry.eventIds()).containsExactly("evt-PN-2-GATEWAY");
			assertThat(entry.result()).startsWith("OK: REFUNDED").contains("refund R-77 at the platform");
		});
		assertThat(this.index.owed(NOW).open()).isZero();
	}

	@Test
	void aRefundMarkedTwiceIsOneChange() throws Exception {
		this.service.markRefunded("PN-2", "refund R-77", "alice");

		RefundService.Outcome again = this.service.markRefunded("PN-2", "refund R-78", "bob").orElseThrow();

		assertThat(again.changed()).isFalse();
		assertThat(this.recorded).hasSize(1);
		assertThat(again.entry().refundedBy()).isEqualTo("alice");
		assertThat(again.entry().note()).isEqualTo("refund R-77");
		assertThat(this.trail.entries()).hasSize(2).last().satisfies((entry) -> {
			assertThat(entry.actor()).isEqualTo("bob");
			assertThat(entry.result()).startsWith("OK: nothing changed").contains("alice");
		});
	}

	@Test
	void anUnknownPaymentChangesNothingAndIsAudited() throws Exception {
		assertThat(this.service.markRefunded("PN-9", "refund", "alice")).isEmpty();

		assertThat(this.recorded).isEmpty();
		assertThat(this.trail.entries()).singleElement()
			.satisfies((entry) -> assertThat(entry.result()).startsWith("REJECTED"));
	}

	@Test
	void aDecisionThatCannotBeStoredLeavesThePaymentOpenAndIsAudited() {
		RefundService failing = new RefundService(this.index, (decision) -> {
			throw new RefundDecisionLog.DecisionNotRecordedException("broker down", null);
		}, this.trail, Clock.fixed(NOW, ZoneOffset.UTC), () -> "audit-x");

		assertThatExceptionOfType(RefundDecisionLog.DecisionNotRecordedException.class)
			.isThrownBy(() -> failing.markRefunded("PN-2", "refund R-77", "alice"));

		assertThat(this.index.find("PN-2").orElseThrow().state()).isEqualTo(RefundState.OPEN);
		assertThat(this.trail.entries()).singleElement()
			.satisfies((entry) -> assertThat(entry.result()).startsWith("FAILED").contains("broker down"));
	}

}
