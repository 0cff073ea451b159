package io.payonce.reconciliation.reversal;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import static org.assertj.core.api.Assertions.assertThat;

/** The verify-then-reverse rules over an in-memory ledger that enforces the unique keys and the column width. */
class ReversalServiceTest {

	private static final Instant NOW = Instant.parse("2026-09-28T03:00:00Z");

	private final InMemoryLedger ledger = new InMemoryLedger();

	private final List<ReversalBooked> announced = new ArrayList<>();

	private final ReversalService service = new ReversalService(this.ledger, Clock.fixed(NOW, ZoneOffset.UTC),
			(booked) -> {
				// the notice comes after the commit: the reversal it names is in the ledger already
				assertThat(this.ledger.flows).anyMatch((f) -> f.id() == booked.reversalFlowId());
				// and it is sent in the order's logging context, like every line about the reversal
				assertThat(MDC.get("orderNo")).isEqualTo(booked.orderNo());
				this.announced.add(booked);
			});

	@Test
	void duplicateIsReversedOnceUnderItsOwnBizNoWithTheOppositeAmountAndAudited() {
		// given two charges for P1
		this.ledger.flows.add(deduction(1001, "-199.00", "P1", "PAY_DEDUCT"));
		this.ledger.flows.add(deduction(1002, "-199.00", "P1", "LEGACY_DEDUCT"));

		// when the duplicate is reversed twice
		ReversalResult first = this.service.reverse(request(1002));
		ReversalResult second = this.service.reverse(request(1002));

		// then
		assertThat(first.outcome()).isEqualTo(ReversalOutcome.REVERSED);
		assertThat(first.amount()).isEqualByComparingTo("199.00");
		assertThat(second.outcome()).isEqualTo(ReversalOutcome.ALREADY_REVERSED);
		assertThat(this.ledger.flows).filteredOn(LedgerFlow::isReversal).singleElement().satisfies(f -> {
			assertThat(f.bizNo()).isEqualTo("P1");
			assertThat(f.reversesFlowId()).isEqualTo(1002L);
			assertThat(f.amount()).isEqualByComparingTo("199.00");
		});
		assertThat(this.ledger.audit).extracting(ReversalAuditEntry::outcome)
			.containsExactly(ReversalOutcome.REVERSED, ReversalOutcome.ALREADY_REVERSED);
		assertThat(this.ledger.audit.get(0).requestedAt()).isEqualTo(NOW);
		// and the booked reversal was announced, naming the order, both flows and the operator; the repeat
		// announced the same standing reversal again (reconciliation settles nothing twice)
		assertThat(this.announced).hasSize(2).containsOnly(this.announced.get(0));
		assertThat(this.announced.get(0)).satisfies((booked) -> {
			assertThat(booked.orderNo()).isEqualTo("P1");
			assertThat(booked.reversedFlowId()).isEqualTo(1002L);
			assertThat(booked.reversalFlowId()).isEqualTo(first.reversalFlowId());
			assertThat(booked.amount()).isEqualByComparingTo("199.00");
			assertThat(booked.operator()).isEqualTo("alice");
			assertThat(booked.channel()).isEqualTo("API");
			assertThat(booked.bookedAt()).isEqualTo(NOW);
		});
		assertThat(MDC.get("orderNo")).isNull();
	}

	@Test
	void askingAgainAfterALostNoticeAnnouncesTheStandingReversalAsItWasBooked() {
		// given a reversal by alice whose notice was lost (Kafka away after the commit)
		this.ledger.flows.add(deduction(1001, "-199.00", "P1", "PAY_DEDUCT"));
		this.ledger.flows.add(deduction(1002, "-199.00", "P1", "PAY_DEDUCT"));
		new ReversalService(this.ledger, Clock.fixed(NOW, ZoneOffset.UTC), (booked) -> {
			throw new IllegalStateException("Kafka unreachable");
		}).reverse(request(1002));

		// when bob asks for the same reversal an hour later
		ReversalResult again = new ReversalService(this.ledger, Clock.fixed(NOW.plusSeconds(3600), ZoneOffset.UTC),
				this.announced::add)
			.reverse(new ReversalRequest(1002, "bob", ReversalRequest.Channel.CLI, "re-announce INC-17"));

		// then nothing is reversed twice, and alice's reversal is announced as she booked it
		assertThat(again.outcome()).isEqualTo(ReversalOutcome.ALREADY_REVERSED);
		assertThat(this.ledger.flows).filteredOn(LedgerFlow::isReversal).hasSize(1);
		assertThat(this.announced).singleElement().satisfies((booked) -> {
			assertThat(booked.operator()).isEqualTo("alice");
			assertThat(booked.channel()).isEqualTo("API");
			assertThat(booked.bookedAt()).isEqualTo(NOW);
			assertThat(booked.reversedFlowId()).isEqualTo(1002L);
			assertThat(booked.amount()).isEqualByComparingTo("199.00");
		});
	}

	@Test
	void aNoticeThatCannotBeSentDoesNotUndoTheReversal() {
		// given two charges and nobody reachable to tell
		this.ledger.flows.add(deduction(1001, "-199.00", "P1", "PAY_DEDUCT"));
		this.ledger.flows.add(deduction(1002, "-199.00", "P1", "PAY_DEDUCT"));
		ReversalService unreachable = new ReversalService(this.ledger, Clock.fixed(NOW, ZoneOffset.UTC), (booked) -> {
			throw new IllegalStateException("Kafka unreachable");
		});

		// when
		ReversalResult result = unreachable.reverse(request(1002));

		// then the reversal stands and is answered as such
		assertThat(result.outcome()).isEqualTo(ReversalOutcome.REVERSED);
		assertThat(this.ledger.flows).filteredOn(LedgerFlow::isReversal).hasSize(1);
	}

	@Test
	void aRefusedRequestAnnouncesNothing() {
		this.ledger.flows.add(deduction(1001, "-199.00", "P1", "PAY_DEDUCT"));

		this.service.reverse(request(1001));

		assertThat(this.announced).isEmpty();
	}

	@Test
	void aReversalCreditsExactlyTheFlowItReversesAndAnotherDuplicateOfTheSameBizNoIsNotReversedAgain() {
		// given three charges of different amounts for P1
		this.ledger.flows.add(deduction(1001, "-199.00", "P1", "PAY_DEDUCT"));
		this.ledger.flows.add(deduction(1002, "-5.00", "P1", "LEGACY_DEDUCT"));
		this.ledger.flows.add(deduction(1003, "-300.00", "P1", "MANUAL_DEDUCT"));

		// when the small one is reversed, then the large one is asked for
		ReversalResult small = this.service.reverse(request(1002));
		ReversalResult large = this.service.reverse(request(1003));

		// then 5.00 came back, not more, and the biz_no's one reversal is spent (a human decides on the third)
		assertThat(small.amount()).isEqualByComparingTo("5.00");
		assertThat(large.outcome()).isEqualTo(ReversalOutcome.ALREADY_REVERSED);
		assertThat(this.ledger.flows).filteredOn(LedgerFlow::isReversal)
			.extracting(LedgerFlow::amount)
			.singleElement()
			.satisfies(amount -> assertThat(amount).isEqualByComparingTo("5.00"));
	}

	@Test
	void theLongestLegalOrderNoIsReversedUnderItsOwnNumberWhichFitsTheColumn() {
		// given a 64-character orderNo, the most the gateway admits, charged twice
		String orderNo = "L".repeat(64);
		this.ledger.flows.add(deduction(1001, "-10.00", orderNo, "PAY_DEDUCT"));
		this.ledger.flows.add(deduction(1002, "-10.00", orderNo, "LEGACY_DEDUCT"));

		// when / then
		assertThat(this.service.reverse(request(1002)).outcome()).isEqualTo(ReversalOutcome.REVERSED);
		assertThat(this.ledger.flows).filteredOn(LedgerFlow::isReversal).singleElement()
			.satisfies(f -> assertThat(f.bizNo()).isEqualTo(orderNo));
	}

	@Test
	void anOrderNoEndingInReverseIsAnOrderLikeAnyOther() {
		// given P1 and P1-REVERSE, each charged twice
		this.ledger.flows.add(deduction(1001, "-10.00", "P1-REVERSE", "PAY_DEDUCT"));
		this.ledger.flows.add(deduction(1002, "-10.00", "P1-REVERSE", "LEGACY_DEDUCT"));
		this.ledger.flows.add(deduction(1003, "-20.00", "P1", "PAY_DEDUCT"));
		this.ledger.flows.add(deduction(1004, "-20.00", "P1", "LEGACY_DEDUCT"));

		// when P1-REVERSE's duplicate is reversed, then P1's
		ReversalResult ofTheOrderEndingInReverse = this.service.reverse(request(1002));
		ReversalResult ofP1 = this.service.reverse(request(1004));

		// then each got its own reversal: the first is not taken for P1's
		assertThat(ofTheOrderEndingInReverse.outcome()).isEqualTo(ReversalOutcome.REVERSED);
		assertThat(ofTheOrderEndingInReverse.bizNo()).isEqualTo("P1-REVERSE");
		assertThat(ofP1.outcome()).isEqualTo(ReversalOutcome.REVERSED);
		assertThat(ofP1.amount()).isEqualByComparingTo("20.00");
	}

	@Test
	void aReversalBookedBeforeV2AsBizNoReverseStillCountsAsTheReversalOfItsOrder() {
		// given P1 charged twice and reversed the old way
		this.ledger.flows.add(deduction(1001, "-199.00", "P1", "PAY_DEDUCT"));
		this.ledger.flows.add(deduction(1002, "-199.00", "P1", "LEGACY_DEDUCT"));
		this.ledger.flows.add(new LedgerFlow(1003, 10086L, new BigDecimal("199.00"), "P1-REVERSE", "REVERSE_DEDUCT", null));

		// when / then: not reversed a second time
		ReversalResult result = this.service.reverse(request(1002));
		assertThat(result.outcome()).isEqualTo(ReversalOutcome.ALREADY_REVERSED);
		assertThat(result.detail()).contains("flow 1003");
		assertThat(this.ledger.flows).filteredOn(LedgerFlow::isReversal).hasSize(1);
	}

	@Test
	void anOrderWhoseReversalPlaceHoldsAPreV2ReversalOfAnotherOrderIsLeftToAHuman() {
		// given P1's old reversal P1-REVERSE, and an order P1-REVERSE charged twice
		this.ledger.flows.add(new LedgerFlow(1003, 10086L, new BigDecimal("5.00"), "P1-REVERSE", "REVERSE_DEDUCT", null));
		this.ledger.flows.add(deduction(1004, "-10.00", "P1-REVERSE", "PAY_DEDUCT"));
		this.ledger.flows.add(deduction(1005, "-10.00", "P1-REVERSE", "LEGACY_DEDUCT"));

		// when / then: neither "already reversed" nor a second row in that place
		ReversalResult result = this.service.reverse(request(1005));
		assertThat(result.outcome()).isEqualTo(ReversalOutcome.REVERSAL_PLACE_TAKEN);
		assertThat(result.detail()).contains("flow 1003").contains("of P1 ");
		assertThat(this.ledger.flows).hasSize(3);
	}

	@Test
	void theOnlyChargeOfAnOrderIsNotADuplicate() {
		// given one charge
		this.ledger.flows.add(deduction(1001, "-199.00", "P1", "PAY_DEDUCT"));

		// when / then: refused, audited, nothing posted
		assertThat(this.service.reverse(request(1001)).outcome()).isEqualTo(ReversalOutcome.NOT_A_DUPLICATE);
		assertThat(this.ledger.flows).hasSize(1);
		assertThat(this.ledger.audit).extracting(ReversalAuditEntry::outcome)
			.containsExactly(ReversalOutcome.NOT_A_DUPLICATE);
	}

	@Test
	void reversalsAndUnknownFlowsAreRefused() {
		this.ledger.flows.add(new LedgerFlow(1003, 10086L, new BigDecimal("199.00"), "P1", "REVERSE_DEDUCT", 1002L));

		assertThat(this.service.reverse(request(1003)).outcome()).isEqualTo(ReversalOutcome.NOT_A_DEDUCTION);
		assertThat(this.service.reverse(request(4711)).outcome()).isEqualTo(ReversalOutcome.FLOW_NOT_FOUND);
	}

	private static LedgerFlow deduction(long id, String amount, String bizNo, String type) {
		return new LedgerFlow(id, 10086L, new BigDecimal(amount), bizNo, type, null);
	}

	private static ReversalRequest request(long flowId) {
		return new ReversalRequest(flowId, "alice", ReversalRequest.Channel.API, "INC-17");
	}

	/** The trade table as the JDBC adapter uses it: uk_biz_no_type, uk_flow_reverses, biz_no VARCHAR(64). */
	private static final class InMemoryLedger implements ReversalLedger {

		final List<LedgerFlow> flows = new ArrayList<>();

		final List<ReversalAuditEntry> audit = new ArrayList<>();

		@Override
		public Optional<LedgerFlow> flow(long flowId) {
			return this.flows.stream().filter(f -> f.id() == flowId).findFirst();
		}

		@Override
		public List<LedgerFlow> flowsOf(String bizNo) {
			return this.flows.stream()
				.filter(f -> f.bizNo().equals(bizNo) || (f.bizNo().equals(bizNo + Reversals.LEGACY_SUFFIX)
						&& f.isReversal() && f.reversesFlowId() == null))
				.toList();
		}

		@Override
		public Posted postReversal(LedgerFlow original, ReversalAuditEntry entry) {
			LedgerFlow reversal = new LedgerFlow(9000 + this.flows.size(), original.userId(), original.amount().negate(),
					original.bizNo(), Reversals.REVERSE_DEDUCT, original.id());
			if (reversal.bizNo().length() > 64) {
				throw new IllegalStateException("Data too long for column 'biz_no'");
			}
			if (this.flows.stream().anyMatch(f -> (f.bizNo().equals(reversal.bizNo()) && f.type().equals(reversal.type()))
					|| original.id() == (f.reversesFlowId() == null ? -1 : f.reversesFlowId()))) {
				throw new AlreadyReversedException(reversal.bizNo(), null);
			}
			this.flows.add(reversal);
			// the audit row names the reversal flow it posted, as the JDBC adapter writes it
			this.audit.add(new ReversalAuditEntry(entry.requestedAt(), entry.operator(), entry.channel(), entry.flowId(),
					entry.bizNo(), entry.reason(), entry.outcome(), reversal.id(), entry.amount(), entry.detail()));
			return new Posted(reversal.id(), this.audit.size());
		}

		@Override
		public Optional<ReversalBooked> booked(LedgerFlow reversal) {
			return this.audit.stream()
				.filter((entry) -> entry.outcome() == ReversalOutcome.REVERSED
						&& Long.valueOf(reversal.id()).equals(entry.reversalFlowId()))
				.findFirst()
				.map((entry) -> new ReversalBooked(reversal.owner(), reversal.reversesFlowId(), reversal.id(),
						reversal.userId(), entry.amount(), entry.operator(), entry.channel().name(),
						entry.requestedAt()));
		}

		@Override
		public long audit(ReversalAuditEntry entry) {
			this.audit.add(entry);
			return this.audit.size();
		}

	}

}
