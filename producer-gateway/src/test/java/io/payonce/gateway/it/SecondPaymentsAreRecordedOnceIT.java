package io.payonce.gateway.it;

import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.contract.DuplicatePayment;
import io.payonce.contract.EventCodec;
import io.payonce.contract.EventType;
import io.payonce.contract.Topic;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A second platform payment (another payNo) for an order that has one, against the real MariaDB: its own row
 * beside the first, one {@code DuplicatePayment} in the outbox in the same transaction, 200
 * {@code DUPLICATE_PAYMENT} however often and however concurrently the platform sends it.
 */
class SecondPaymentsAreRecordedOnceIT extends GatewayIntegrationTest {

	private static final String DUPLICATE_PAYMENT = "{\"result\":\"DUPLICATE_PAYMENT\"}";

	private static final int CALLERS = 20;

	@Autowired
	MeterRegistry meters;

	@Test
	void aSecondPaymentIsRecordedBesideTheFirstWithOneEventToRefund() {
		// given the order's payment
		String id = newId();
		String orderNo = "O-" + id;
		assertThat(postSigned(aCallbackBody(id, "199.00")).body()).isEqualTo("{\"result\":\"ACCEPTED\"}");
		String firstEvent = outboxEventsOf(orderNo, Topic.PAY_SUCCESS).get(0);
		double recordedBefore = this.meters.counter("payonce.gateway.duplicate.payments").count();

		// when the platform reports a second payment for it (another payNo, another amount), twice
		String second = secondPayment(id, "S-" + id, "150.00");
		HttpResponse<String> answer = postSigned(second);
		HttpResponse<String> again = postSigned(second);

		// then both are answered DUPLICATE_PAYMENT: the platform stops retrying
		assertThat(answer.statusCode()).isEqualTo(200);
		assertThat(answer.body()).isEqualTo(DUPLICATE_PAYMENT);
		assertThat(again.body()).isEqualTo(DUPLICATE_PAYMENT);
		// and the second payment has its own row, counted once as a repetition, and the first is untouched
		assertThat(rows(orderNo)).containsExactly("N-" + id + " PRIMARY SUCCESS 199.00 0",
				"S-" + id + " DUPLICATE SUCCESS 150.00 1");
		assertThat(outboxEventsOf(orderNo, Topic.PAY_SUCCESS)).containsExactly(firstEvent);
		// and one DuplicatePayment naming the payment that holds the order, keyed by the order
		assertThat(this.jdbc.sql("SELECT type FROM t_outbox WHERE aggregateid = ? AND aggregatetype = ?")
			.params(orderNo, Topic.PAY_REFUND_REQUIRED.topicName())
			.query(String.class)
			.list()).containsExactly(EventType.DUPLICATE_PAYMENT.wireName());
		assertThat(outboxPayloads(orderNo, Topic.PAY_REFUND_REQUIRED)).singleElement()
			.satisfies((payload) -> assertThat(EventCodec.decode(DuplicatePayment.class,
					payload.getBytes(StandardCharsets.UTF_8)))
				.satisfies((event) -> {
					assertThat(event.payNo()).isEqualTo("S-" + id);
					assertThat(event.firstPayNo()).isEqualTo("N-" + id);
					assertThat(event.amount()).isEqualByComparingTo("150.00");
					assertThat(event.detectedBy()).isEqualTo(DuplicatePayment.Detector.GATEWAY);
				}));
		assertThat(this.meters.counter("payonce.gateway.duplicate.payments").count()).isEqualTo(recordedBefore + 1);
		// and the order's lookup shows its own payment first and the second one owed back beside it
		assertThat(lookup(orderNo).body()).startsWith("{\"orderNo\":\"" + orderNo + "\",\"payNo\":\"N-" + id + "\"")
			.contains("\"secondPayments\":[{\"payNo\":\"S-" + id + "\",\"amount\":\"150.00\",\"currency\":\"CNY\","
					+ "\"status\":\"SUCCESS\"");
	}

	@Test
	void theSecondPaymentsPayNoWithOtherContentIs409AndWritesNothing() {
		// given a recorded second payment
		String id = newId();
		postSigned(aCallbackBody(id, "199.00"));
		assertThat(postSigned(secondPayment(id, "S-" + id, "150.00")).body()).isEqualTo(DUPLICATE_PAYMENT);
		List<String> rowsBefore = rows("O-" + id);

		// when its payNo comes back with another amount
		HttpResponse<String> answer = postSigned(secondPayment(id, "S-" + id, "1.00"));

		// then
		assertThat(answer.statusCode()).isEqualTo(409);
		assertThat(answer.body()).contains("\"field\":\"amount\"");
		assertThat(rows("O-" + id)).isEqualTo(rowsBefore);
		assertThat(outboxEventsOf("O-" + id, Topic.PAY_REFUND_REQUIRED)).hasSize(1);
	}

	@Test
	void twentyParallelCallbacksOfASecondPaymentWriteOneRowAndOneEvent() throws Exception {
		// given the order's payment, and the second payment's signed callback
		String id = newId();
		postSigned(aCallbackBody(id, "199.00"));
		String second = secondPayment(id, "S-" + id, "199.00");
		double recordedBefore = this.meters.counter("payonce.gateway.duplicate.payments").count();

		// when 20 callers released at the same moment send it
		List<String> results = postSignedConcurrently(second, CALLERS);

		// then every caller is told DUPLICATE_PAYMENT, and the payment is recorded once with one event
		Map<String, Long> counted = results.stream()
			.collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
		assertThat(counted).containsOnly(Map.entry("200 " + DUPLICATE_PAYMENT, (long) CALLERS));
		assertThat(rows("O-" + id)).containsExactly("N-" + id + " PRIMARY SUCCESS 199.00 0",
				"S-" + id + " DUPLICATE SUCCESS 199.00 " + (CALLERS - 1));
		assertThat(outboxEventsOf("O-" + id, Topic.PAY_REFUND_REQUIRED)).hasSize(1);
		assertThat(outboxEventsOf("O-" + id, Topic.PAY_SUCCESS)).hasSize(1);
		assertThat(this.meters.counter("payonce.gateway.duplicate.payments").count()).isEqualTo(recordedBefore + 1);
	}

	@Test
	void tenPaymentsRacingForAFreshOrderGiveItOnePaymentAndNineOwedBack() throws Exception {
		// given ten different payNos for one order nobody has paid yet, sent at the same moment
		String id = newId();
		List<String> bodies = new java.util.ArrayList<>();
		for (int i = 0; i < 10; i++) {
			bodies.add(secondPayment(id, "R" + i + "-" + id, "199.00"));
		}

		// when
		List<String> results = postSignedConcurrently(bodies);

		// then one of them pays the order, the nine others are owed back, each recorded once, all at the first try
		// (before the second payments' rows were written in transactions of their own, the refused inserts' locks
		// deadlocked them and most were answered 503)
		Map<String, Long> counted = results.stream()
			.collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
		assertThat(counted).containsOnly(Map.entry("200 {\"result\":\"ACCEPTED\"}", 1L),
				Map.entry("200 " + DUPLICATE_PAYMENT, 9L));
		assertThat(rows("O-" + id)).hasSize(10).filteredOn((row) -> row.contains(" PRIMARY ")).hasSize(1);
		assertThat(outboxEventsOf("O-" + id, Topic.PAY_SUCCESS)).hasSize(1);
		assertThat(outboxEventsOf("O-" + id, Topic.PAY_REFUND_REQUIRED)).hasSize(9);
	}

	@Test
	void aSecondPaymentThatSucceedsWhileTheFirstNeverDidPaysTheOrder() {
		// given a first attempt the platform reports CLOSED (the user gave up), then a second attempt that succeeds
		String id = newId();
		assertThat(postSigned(aCallbackBody(id, "199.00").replace("SUCCESS", "CLOSED")).body())
			.isEqualTo("{\"result\":\"ACCEPTED\"}");

		// when
		HttpResponse<String> answer = postSigned(secondPayment(id, "S-" + id, "199.00"));

		// then the second attempt holds the order with its PaySuccess; nothing is owed back
		assertThat(answer.body()).isEqualTo("{\"result\":\"ACCEPTED\"}");
		assertThat(rows("O-" + id)).containsExactly("N-" + id + " DUPLICATE CLOSED 199.00 0",
				"S-" + id + " PRIMARY SUCCESS 199.00 0");
		assertThat(outboxPayloads("O-" + id, Topic.PAY_SUCCESS)).singleElement()
			.satisfies((payload) -> assertThat(payload).contains("\"payNo\":\"S-" + id + "\""));
		assertThat(outboxEventsOf("O-" + id, Topic.PAY_REFUND_REQUIRED)).isEmpty();
	}

	/** The body of another payment (payNo {@code payNo}) for order {@code O-<id>}. */
	private static String secondPayment(String id, String payNo, String amount) {
		return aCallbackBody(id, amount).replace("\"N-" + id + "\"", "\"" + payNo + "\"");
	}

	/** The order's rows as {@code payNo kind status amount duplicate_count}, oldest first. */
	private List<String> rows(String orderNo) {
		return this.jdbc.sql("""
				SELECT CONCAT_WS(' ', pay_no, kind, status, amount, duplicate_count) FROM t_payment
				WHERE order_no = ? ORDER BY id""").params(orderNo).query(String.class).list();
	}

	private List<String> outboxEventsOf(String orderNo, Topic topic) {
		return this.jdbc.sql("SELECT id FROM t_outbox WHERE aggregateid = ? AND aggregatetype = ? ORDER BY created_at")
			.params(orderNo, topic.topicName())
			.query(String.class)
			.list();
	}

	private List<String> outboxPayloads(String orderNo, Topic topic) {
		return this.jdbc.sql("SELECT payload FROM t_outbox WHERE aggregateid = ? AND aggregatetype = ?")
			.params(orderNo, topic.topicName())
			.query(String.class)
			.list();
	}

}
