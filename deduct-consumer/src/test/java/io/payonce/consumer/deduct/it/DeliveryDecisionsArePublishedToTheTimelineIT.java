package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.awaitility.Awaitility.await;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.payonce.consumer.deduct.domain.Deduction;
import io.payonce.consumer.deduct.domain.LedgerResult;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.TimelineFact;
import io.payonce.contract.Topic;
import io.payonce.infra.pipeline.TimelineTopic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Issue 17: every delivery the consumer decides is a DELIVERY fact on {@code pay.timeline} (the real broker of the
 * local stack), keyed by orderNo, in the trace the consumer continues from the record, saying what decided it.
 */
class DeliveryDecisionsArePublishedToTheTimelineIT {

	private static final String FIRST_TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

	private static final String SECOND_TRACE_ID = "0af7651916cd43dd8448eb211c80319c";

	// the service name as a deployment has it, so the fact's "deduct-consumer" is derived, not configured
	@RegisterExtension
	static final ConsumerFixture fixture = ConsumerFixture.named("timeline",
			Map.of("spring.application.name", "payonce-deduct-consumer"));

	private final TimelineTopic timeline = new TimelineTopic(fixture.stack().kafka().bootstrapServers());

	@Test
	void aDeductedPaymentAndItsRedeliveryAreFirstThenDuplicateAtRedisInTheirRecordsTraces() {
		// given
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		fixture.trade().account(user, "500.00");
		fixture.trade().order(orderNo, user, "199.00", "INIT");
		PaySuccess payment = Fixtures.aPayment(orderNo, user, "199.00");

		// when the payment is delivered, then delivered again (a replay, in another trace)
		fixture.topics().publishWithHeaders(payment, Map.of(PayonceHeaders.TRACEPARENT, "00-" + FIRST_TRACE_ID + "-00f067aa0ba902b7-01"));
		await().atMost(Duration.ofSeconds(60)).until(() -> fixture.trade().deductions(orderNo) == 1);
		fixture.topics().publishWithHeaders(payment, Map.of(PayonceHeaders.TRACEPARENT,
				"00-" + SECOND_TRACE_ID + "-b7ad6b7169203331-01", PayonceHeaders.ATTEMPT, "2", PayonceHeaders.REPLAY_ID,
				"replay-7"));

		// then the timeline has FIRST, then DUPLICATE absorbed by Redis, each in its record's trace
		List<TimelineFact> facts = await().atMost(Duration.ofSeconds(60))
			.until(() -> this.timeline.facts(orderNo), (found) -> found.size() >= 2);
		assertThat(facts).hasSize(2);
		assertThat(facts).extracting(TimelineFact::step).containsOnly(TimelineFact.Step.DELIVERY);
		assertThat(facts).extracting(TimelineFact::service).containsOnly("deduct-consumer");
		assertThat(facts).extracting(TimelineFact::decision).containsExactly("FIRST", "DUPLICATE");
		assertThat(facts).extracting(TimelineFact::traceId).containsExactly(FIRST_TRACE_ID, SECOND_TRACE_ID);
		assertThat(facts.get(0).detail()).contains(entry("topic", Topic.PAY_SUCCESS.topicName()),
				entry("attempt", "1"), entry("payNo", payment.payNo()), entry("amount", "199.00"),
				entry("currency", "CNY"), entry("balanceAfter", "301.00"),
				entry("flowId", Long.toString(fixture.trade().deductionFlowId(orderNo))))
			.containsKeys("partition", "offset")
			.doesNotContainKeys("guard", "replayId");
		assertThat(facts.get(1).detail()).contains(entry("guard", "redis"), entry("attempt", "2"),
				entry("replayId", "replay-7"))
			.doesNotContainKeys("balanceAfter", "flowId");
		assertThat(Long.parseLong(facts.get(1).detail().get("offset")))
			.isNotEqualTo(Long.parseLong(facts.get(0).detail().get("offset")));
	}

	@Test
	void aPaymentTheBalanceDoesNotCoverIsARetryWithItsReason() {
		// given
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		fixture.trade().account(user, "10.00");
		fixture.trade().order(orderNo, user, "199.00", "INIT");

		// when
		fixture.topics().publish(Fixtures.aPayment(orderNo, user, "199.00"));

		// then
		List<TimelineFact> facts = await().atMost(Duration.ofSeconds(60))
			.until(() -> this.timeline.facts(orderNo), (found) -> !found.isEmpty());
		assertThat(facts).singleElement().satisfies((fact) -> {
			assertThat(fact.decision()).isEqualTo("RETRY");
			assertThat(fact.traceId()).as("a trace the consumer started").hasSize(32);
			assertThat(fact.detail()).contains(entry("reason", "INSUFFICIENT_BALANCE"));
		});
	}

	@Test
	void theBalanceAfterEachDeductionOfOneUserInOneTransactionIsItsOwn() {
		// given two orders of one user and one of another, deducted in one ledger transaction
		long user = Fixtures.aUserId();
		long other = Fixtures.aUserId();
		String first = Fixtures.anOrderNo();
		String second = Fixtures.anOrderNo();
		String third = Fixtures.anOrderNo();
		fixture.trade().account(user, "500.00");
		fixture.trade().account(other, "80.00");
		fixture.trade().order(first, user, "100.00", "INIT");
		fixture.trade().order(second, user, "50.00", "INIT");
		fixture.trade().order(third, other, "30.00", "INIT");

		// when
		List<LedgerResult> results = fixture.trade()
			.ledger()
			.deductAll(List.of(Fixtures.aPayment(first, user, "100.00"), Fixtures.aPayment(third, other, "30.00"),
					Fixtures.aPayment(second, user, "50.00")), Instant.now());

		// then each receipt has its flow and the balance right after it, read once for the whole transaction
		assertThat(results).extracting((result) -> result.deduction().flatMap(Deduction::balanceAfter).orElseThrow())
			.usingElementComparator(BigDecimal::compareTo)
			.containsExactly(new BigDecimal("400.00"), new BigDecimal("50.00"), new BigDecimal("350.00"));
		assertThat(results).extracting((result) -> result.deduction().orElseThrow().flowId())
			.containsExactly(fixture.trade().deductionFlowId(first), fixture.trade().deductionFlowId(third),
					fixture.trade().deductionFlowId(second));
		assertThat(fixture.trade().balance(user)).isEqualByComparingTo("350.00");
	}

}
