package io.payonce.dlt.refund.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Optional;

import io.payonce.contract.PayonceHeaders;
import io.payonce.dlt.refund.DuplicatePaymentEntry;
import io.payonce.dlt.refund.RefundDecision;
import io.payonce.dlt.refund.RefundState;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.record.TimestampType;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Records of {@code pay.refund-required}, from the contract's golden sample, and the decisions' JSON. */
class DuplicatePaymentRecordsTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:05:00Z");

	@Test
	void theGoldenDuplicatePaymentBecomesAnOpenEntry() throws IOException {
		DuplicatePaymentEntry entry = DuplicatePaymentRecords.of(record(golden(), "DuplicatePayment"));

		assertThat(entry.payNo()).isEqualTo("PN20260928002");
		assertThat(entry.orderNo()).isEqualTo("P20260928001");
		assertThat(entry.firstPayNo()).isEqualTo("PN20260928001");
		assertThat(entry.userId()).isEqualTo(10086L);
		assertThat(entry.amount()).isEqualByComparingTo("199.00");
		assertThat(entry.currency()).isEqualTo("CNY");
		assertThat(entry.paidAt()).isEqualTo(Instant.parse("2026-09-28T02:03:40Z"));
		assertThat(entry.detectedBy()).isEqualTo("GATEWAY");
		assertThat(entry.eventId()).isEqualTo("evt-1");
		assertThat(entry.detectedAt()).isEqualTo(T0);
		assertThat(entry.position()).isEqualTo("4:42");
		assertThat(entry.problem()).isNull();
		assertThat(entry.state()).isEqualTo(RefundState.OPEN);
	}

	@Test
	void anUnreadableRecordIsListedByItsPositionWithTheReason() {
		DuplicatePaymentEntry garbage = DuplicatePaymentRecords.of(record("{\"payNo\":".getBytes(StandardCharsets.UTF_8),
				"DuplicatePayment"));

		assertThat(garbage.payNo()).isEqualTo("unreadable-4-42");
		assertThat(garbage.orderNo()).isEqualTo("P20260928001");
		assertThat(garbage.state()).isEqualTo(RefundState.OPEN);
		assertThat(garbage.problem()).contains("DuplicatePayment");
	}

	@Test
	void anotherEventTypeOnTheTopicIsListedAsUnreadable() throws IOException {
		DuplicatePaymentEntry entry = DuplicatePaymentRecords.of(record(golden(), "PaySuccess"));

		assertThat(entry.payNo()).isEqualTo("unreadable-4-42");
		assertThat(entry.problem()).contains("PaySuccess");
	}

	@Test
	void aDecisionSurvivesItsJsonRoundTrip() {
		RefundDecision decision = new RefundDecision("PN20260928002", RefundState.REFUNDED, "refund R-1", "alice", T0,
				"audit-1");

		assertThat(RefundDecisionJson.decode(RefundDecisionJson.encode(decision))).isEqualTo(decision);
		assertThat(new String(RefundDecisionJson.encode(decision), StandardCharsets.UTF_8))
			.contains("\"at\":\"2026-09-28T02:05:00Z\"");
	}

	private static byte[] golden() throws IOException {
		try (InputStream in = DuplicatePaymentRecordsTest.class
			.getResourceAsStream("/contract/duplicate-payment.v1.json")) {
			return in.readAllBytes();
		}
	}

	private static ConsumerRecord<String, byte[]> record(byte[] value, String eventType) {
		RecordHeaders headers = new RecordHeaders();
		headers.add(PayonceHeaders.EVENT_ID, "evt-1".getBytes(StandardCharsets.UTF_8));
		headers.add(PayonceHeaders.EVENT_TYPE, eventType.getBytes(StandardCharsets.UTF_8));
		return new ConsumerRecord<>("pay.refund-required", 4, 42, T0.toEpochMilli(), TimestampType.CREATE_TIME, 0, 0,
				"P20260928001", value, headers, Optional.empty());
	}

}
