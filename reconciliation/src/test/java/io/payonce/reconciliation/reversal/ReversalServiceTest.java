package io.payonce.reconciliation.reversal;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The verify-then-reverse rules over an in-memory ledger that enforces the unique key like the table does. */
class ReversalServiceTest {

	private static final Instant NOW = Instant.parse("2026-09-28T03:00:00Z");

	private final InMemoryLedger ledger = new InMemoryLedger();

	private final ReversalService service = new ReversalService(this.ledger, Clock.fixed(NOW, ZoneOffset.UTC));

	@Test
	void duplicateIsReversedOnceWithTheOppositeAmountAndAudited() {
		// given two charges for P1
		this.ledger.flows.add(new LedgerFlow(1001, 10086L, new BigDecimal("-199.00"), "P1", "PAY_DEDUCT"));
		this.ledger.flows.add(new LedgerFlow(1002, 10086L, new BigDecimal("-199.00"), "P1", "LEGACY_DEDUCT"));

		// when the duplicate is reversed twice
		ReversalResult first = this.service.reverse(request(1002));
		ReversalResult second = this.service.reverse(request(1002));

		// then
		assertThat(first.outcome()).isEqualTo(ReversalOutcome.REVERSED);
		assertThat(first.amount()).isEqualByComparingTo("199.00");
		assertThat(second.outcome()).isEqualTo(ReversalOutcome.ALREADY_REVERSED);
		assertThat(this.ledger.flows).filteredOn(f -> f.type().equals("REVERSE_DEDUCT")).singleElement()
			.satisfies(f -> assertThat(f.bizNo()).isEqualTo("P1-REVERSE"));
		assertThat(this.ledger.audit).extracting(ReversalAuditEntry::outcome)
			.containsExactly(ReversalOutcome.REVERSED, ReversalOutcome.ALREADY_REVERSED);
		assertThat(this.ledger.audit.get(0).requestedAt()).isEqualTo(NOW);
	}

	@Test
	void theOnlyChargeOfAnOrderIsNotADuplicate() {
		// given one charge
		this.ledger.flows.add(new LedgerFlow(1001, 10086L, new BigDecimal("-199.00"), "P1", "PAY_DEDUCT"));

		// when / then: refused, audited, nothing posted
		assertThat(this.service.reverse(request(1001)).outcome()).isEqualTo(ReversalOutcome.NOT_A_DUPLICATE);
		assertThat(this.ledger.flows).hasSize(1);
		assertThat(this.ledger.audit).extracting(ReversalAuditEntry::outcome)
			.containsExactly(ReversalOutcome.NOT_A_DUPLICATE);
	}

	@Test
	void reversalsAndUnknownFlowsAreRefused() {
		this.ledger.flows.add(new LedgerFlow(1003, 10086L, new BigDecimal("199.00"), "P1-REVERSE", "REVERSE_DEDUCT"));

		assertThat(this.service.reverse(request(1003)).outcome()).isEqualTo(ReversalOutcome.NOT_A_DEDUCTION);
		assertThat(this.service.reverse(request(4711)).outcome()).isEqualTo(ReversalOutcome.FLOW_NOT_FOUND);
	}

	private static ReversalRequest request(long flowId) {
		return new ReversalRequest(flowId, "alice", ReversalRequest.Channel.API, "INC-17");
	}

	private static final class InMemoryLedger implements ReversalLedger {

		final List<LedgerFlow> flows = new ArrayList<>();

		final List<ReversalAuditEntry> audit = new ArrayList<>();

		@Override
		public Optional<LedgerFlow> flow(long flowId) {
			return this.flows.stream().filter(f -> f.id() == flowId).findFirst();
		}

		@Override
		public List<LedgerFlow> flowsOf(String bizNo) {
			return this.flows.stream().filter(f -> f.bizNo().equals(bizNo) || f.bizNo().equals(bizNo + "-REVERSE")).toList();
		}

		@Override
		public Posted postReversal(LedgerFlow reversal, ReversalAuditEntry entry) {
			if (this.flows.stream().anyMatch(f -> f.bizNo().equals(reversal.bizNo()) && f.type().equals(reversal.type()))) {
				throw new AlreadyReversedException(reversal.bizNo(), null);
			}
			long id = 9000 + this.flows.size();
			this.flows.add(new LedgerFlow(id, reversal.userId(), reversal.amount(), reversal.bizNo(), reversal.type()));
			this.audit.add(entry);
			return new Posted(id, this.audit.size());
		}

		@Override
		public long audit(ReversalAuditEntry entry) {
			this.audit.add(entry);
			return this.audit.size();
		}

	}

}
