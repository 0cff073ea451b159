package io.payonce.consumer.deduct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;

import io.payonce.consumer.deduct.domain.Decision;
import io.payonce.consumer.deduct.domain.Deduction;
import io.payonce.consumer.deduct.domain.DuplicateLayer;
import io.payonce.contract.FailureReason;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceHeaders;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;

/** What the timeline's DELIVERY fact says of each decision the consumer takes. */
class DeliveryFactsTest {

	private static final PaySuccess PAYMENT = new PaySuccess("PN20261201001", "P20261201001", 10086L,
			new BigDecimal("199.00"), "CNY", Instant.parse("2026-12-01T00:00:00Z"));

	private final ConsumerRecord<String, byte[]> firstDelivery = new ConsumerRecord<>("pay.success", 3, 42L,
			PAYMENT.orderNo(), new byte[0]);

	@Test
	void aDeductionNamesItsFlowAndTheBalanceAfterItAndWhereTheDeliveryCameFrom() {
		Decision first = Decision.first(false, Optional.of(new Deduction(7001L, Optional.of(new BigDecimal("301.00")))));

		assertThat(DeliveryFacts.detail(this.firstDelivery, PAYMENT, first)).containsExactly(entry("topic", "pay.success"),
				entry("partition", "3"), entry("offset", "42"), entry("attempt", "1"), entry("payNo", "PN20261201001"),
				entry("amount", "199.00"), entry("currency", "CNY"), entry("flowId", "7001"),
				entry("balanceAfter", "301.00"));
	}

	@Test
	void aDuplicateNamesTheGuardThatAbsorbedIt() {
		assertThat(DeliveryFacts.detail(this.firstDelivery, PAYMENT, Decision.duplicate(DuplicateLayer.REDIS, false)))
			.containsEntry("guard", "redis");
		assertThat(DeliveryFacts.detail(this.firstDelivery, PAYMENT, Decision.duplicate(DuplicateLayer.STATE, false)))
			.containsEntry("guard", "state")
			.doesNotContainKey("unattributed");
		assertThat(DeliveryFacts.detail(this.firstDelivery, PAYMENT,
				Decision.duplicate(DuplicateLayer.STATE_UNATTRIBUTED, true)))
			.contains(entry("guard", "state"), entry("unattributed", "true"), entry("degraded", "true"));
		assertThat(DeliveryFacts.detail(this.firstDelivery, PAYMENT,
				Decision.duplicate(DuplicateLayer.UNIQUE_INDEX, false)))
			.containsEntry("guard", "unique-index");
	}

	@Test
	void aRetryOfAReplayedRecordSaysWhyWhichAttemptAndWhichReplay() {
		ConsumerRecord<String, byte[]> replayed = new ConsumerRecord<>("pay.success", 0, 9L, PAYMENT.orderNo(),
				new byte[0]);
		replayed.headers().add(PayonceHeaders.ATTEMPT, "3".getBytes(StandardCharsets.UTF_8));
		replayed.headers().add(PayonceHeaders.REPLAY_ID, "replay-1".getBytes(StandardCharsets.UTF_8));

		assertThat(DeliveryFacts.detail(replayed, PAYMENT,
				Decision.failed(FailureReason.INSUFFICIENT_BALANCE, "insufficient balance", false)))
			.contains(entry("attempt", "3"), entry("replayId", "replay-1"), entry("reason", "INSUFFICIENT_BALANCE"),
					entry("explanation", "insufficient balance"));
	}

	@Test
	void aSecondPaymentNamesThePaymentThatPaidTheOrder() {
		assertThat(DeliveryFacts.detail(this.firstDelivery, PAYMENT, Decision.duplicatePayment("PN-FIRST", false)))
			.containsEntry("paidBy", "PN-FIRST")
			.doesNotContainKeys("guard", "reason", "flowId");
	}

	@Test
	void aRecordThatNeverReachedTheDomainIsTerminalWithItsReason() {
		assertThat(DeliveryFacts.terminalDetail(this.firstDelivery, FailureReason.UNREADABLE, "bad JSON"))
			.contains(entry("reason", "UNREADABLE"), entry("explanation", "bad JSON"), entry("offset", "42"));
	}

}
