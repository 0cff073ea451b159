package io.payonce.gateway.it;

import java.util.List;

import io.payonce.contract.Topic;
import io.payonce.infra.LocalDatabase;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * orderNo and payNo are byte-exact identifiers at the gateway (DESIGN.md): {@code ab-1} and {@code AB-1} are two
 * orders, {@code pn-1} and {@code PN-1} two payments, in {@code t_payment}, in its PRIMARY key per order, and in
 * the outbox's record key. Under a case-insensitive collation each pair would be one identity: the second order
 * a DUPLICATE_PAYMENT of the first, the second payNo a 409.
 */
class IdentifiersAreByteExactIT extends GatewayIntegrationTest {

	@Test
	void twoSpellingsOfAnOrderAreTwoOrdersWithTheirOwnPaymentsAndKeys() {
		// given two orders whose numbers differ only in case
		String id = newId();
		String lower = "ab-" + id;
		String upper = "AB-" + id.toUpperCase();

		// when each is paid, and the lower-case one a second time
		String paidLower = postSigned(callback("pa-" + id, lower)).body();
		String paidUpper = postSigned(callback("pb-" + id, upper)).body();
		String secondOfLower = postSigned(callback("pc-" + id, lower)).body();

		// then each is its own order with its own payment and event
		assertThat(paidLower).isEqualTo("{\"result\":\"ACCEPTED\"}");
		assertThat(paidUpper).isEqualTo("{\"result\":\"ACCEPTED\"}");
		assertThat(rows(lower)).containsExactly("pa-" + id + " PRIMARY", "pc-" + id + " DUPLICATE");
		assertThat(rows(upper)).containsExactly("pb-" + id + " PRIMARY");
		assertThat(outboxKeys(lower, Topic.PAY_SUCCESS)).containsExactly(lower);
		assertThat(outboxKeys(upper, Topic.PAY_SUCCESS)).containsExactly(upper);
		// and the second payment belongs to the lower-case order alone, named by its own first payment
		assertThat(secondOfLower).isEqualTo("{\"result\":\"DUPLICATE_PAYMENT\"}");
		assertThat(outboxKeys(lower, Topic.PAY_REFUND_REQUIRED)).containsExactly(lower);
		assertThat(outboxKeys(upper, Topic.PAY_REFUND_REQUIRED)).isEmpty();
		assertThat(this.jdbc.sql("SELECT payload FROM t_outbox WHERE aggregateid = ? AND aggregatetype = ?")
			.params(lower, Topic.PAY_REFUND_REQUIRED.topicName())
			.query(String.class)
			.single()).contains("\"firstPayNo\":\"pa-" + id + "\"");
		assertThat(lookup(upper).body()).contains("\"payNo\":\"pb-" + id + "\"");
	}

	@Test
	void twoSpellingsOfAPayNoAreTwoPayments() {
		// given two payNos that differ only in case, for two orders
		String id = newId();

		// when
		String first = postSigned(callback("pn-" + id, "O1-" + id)).body();
		String second = postSigned(callback("PN-" + id.toUpperCase(), "O2-" + id)).body();

		// then neither is taken for the other (a 409 "same payNo, other order" under a case-blind key)
		assertThat(first).isEqualTo("{\"result\":\"ACCEPTED\"}");
		assertThat(second).isEqualTo("{\"result\":\"ACCEPTED\"}");
		assertThat(rows("O1-" + id)).containsExactly("pn-" + id + " PRIMARY");
		assertThat(rows("O2-" + id)).containsExactly("PN-" + id.toUpperCase() + " PRIMARY");
	}

	@Test
	void everyIdentifierColumnComparesBytes() {
		List<String> collations = this.jdbc.sql("""
				SELECT CONCAT(table_name, '.', column_name, ' ', collation_name) FROM information_schema.columns
				WHERE table_schema = ? AND column_name IN ('pay_no', 'order_no', 'primary_order_no', 'aggregateid')
				ORDER BY table_name, column_name""")
			.params(LocalDatabase.GATEWAY.schema())
			.query(String.class)
			.list();

		assertThat(collations).containsExactly("t_outbox.aggregateid utf8mb4_bin", "t_payment.order_no utf8mb4_bin",
				"t_payment.pay_no utf8mb4_bin", "t_payment.primary_order_no utf8mb4_bin");
		// and so does the schema's default, which a table added later inherits
		assertThat(this.jdbc.sql("SELECT default_collation_name FROM information_schema.schemata WHERE schema_name = ?")
			.params(LocalDatabase.GATEWAY.schema())
			.query(String.class)
			.single()).isEqualTo("utf8mb4_bin");
	}

	private static String callback(String payNo, String orderNo) {
		return """
				{"payNo":"%s","orderNo":"%s","userId":10086,"amount":"9.90","currency":"CNY","status":"SUCCESS",\
				"paidAt":"2026-09-28T02:00:12Z"}""".formatted(payNo, orderNo);
	}

	/** The order's rows, byte-exact, as {@code payNo kind}, oldest first. */
	private List<String> rows(String orderNo) {
		return this.jdbc.sql("SELECT CONCAT(pay_no, ' ', kind) FROM t_payment WHERE order_no = ? ORDER BY id")
			.params(orderNo)
			.query(String.class)
			.list();
	}

	/** The record keys of the outbox rows for this key and topic, as stored. */
	private List<String> outboxKeys(String orderNo, Topic topic) {
		return this.jdbc.sql("SELECT aggregateid FROM t_outbox WHERE aggregateid = ? AND aggregatetype = ?")
			.params(orderNo, topic.topicName())
			.query(String.class)
			.list();
	}

}
