package io.payonce.gateway.it;

import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What one batch decides, and what it leaves: batches of exactly 12 callbacks (max-wait long enough that 12 released
 * together always meet), and a lock wait of 2 s so that a batch held by a lock fails fast.
 */
@TestPropertySource(properties = { "payonce.gateway.group-commit.max-batch=12",
		"payonce.gateway.group-commit.max-wait=1s",
		"spring.datasource.hikari.connection-init-sql=SET SESSION innodb_lock_wait_timeout = 2" })
class GroupCommitBatchAnswersEachCallbackIT extends GatewayIntegrationTest {

	private static final String ACCEPTED = "200 {\"result\":\"ACCEPTED\"}";

	private static final String DUPLICATE = "200 {\"result\":\"DUPLICATE\"}";

	private static final String DUPLICATE_PAYMENT = "200 {\"result\":\"DUPLICATE_PAYMENT\"}";

	@Autowired
	MeterRegistry meters;

	@Test
	void aBatchWithADuplicateAConflictAndSecondPaymentsBesideNewOnesAnswersEachAsIfAlone() throws Exception {
		// given a payment recorded, another recorded for 10.00, and an order paid by one payNo
		String dup = newId();
		String conflict = newId();
		String held = newId();
		List<String> setUp = postSignedConcurrently(List.of(aCallbackBody(dup, "10.00"),
				aCallbackBody(conflict, "10.00"), aCallbackBody(held, "10.00")));
		assertThat(setUp).containsOnly(ACCEPTED);
		String twice = newId();
		String twoPayNos = newId();
		List<String> fresh = List.of(newId(), newId(), newId(), newId(), newId());
		double batchesBefore = batchSizes().count();
		double callbacksBefore = batchSizes().totalAmount();

		// when one batch brings: the first payment again, the second with another amount, another payNo for the paid
		// order, five new payments, one new payment twice, and two payNos of one new order
		List<String> bodies = new ArrayList<>(List.of(aCallbackBody(dup, "10.00"), aCallbackBody(conflict, "11.00"),
				withPayNo(aCallbackBody(held, "10.00"), "N-" + held, "N2-" + held)));
		fresh.forEach((id) -> bodies.add(aCallbackBody(id, "10.00")));
		bodies.add(aCallbackBody(twice, "10.00"));
		bodies.add(aCallbackBody(twice, "10.00"));
		bodies.add(aCallbackBody(twoPayNos, "10.00"));
		bodies.add(withPayNo(aCallbackBody(twoPayNos, "10.00"), "N-" + twoPayNos, "N2-" + twoPayNos));
		List<String> answers = postSignedConcurrently(bodies);

		// then the twelve were one batch
		assertThat(batchSizes().count() - batchesBefore).isEqualTo(1);
		assertThat(batchSizes().totalAmount() - callbacksBefore).isEqualTo(12);
		// and each got the answer it gets alone: the same payment again, a conflict, a second payment owed back
		assertThat(answers.get(0)).isEqualTo(DUPLICATE);
		assertThat(answers.get(1)).startsWith("409 ");
		assertThat(answers.get(2)).isEqualTo(DUPLICATE_PAYMENT);
		assertThat(answers.subList(3, 8)).containsOnly(ACCEPTED);
		// the same payment twice: once accepted, once its duplicate; two payNos of one order: one pays it, one is owed
		assertThat(answers.subList(8, 10)).containsExactlyInAnyOrder(ACCEPTED, DUPLICATE);
		assertThat(answers.subList(10, 12)).containsExactlyInAnyOrder(ACCEPTED, DUPLICATE_PAYMENT);
		// and the rows and events are what they are after one callback at a time
		for (String id : fresh) {
			assertThat(payments("O-" + id)).isEqualTo(1);
			assertThat(outboxEvents("O-" + id)).isEqualTo(1);
		}
		assertThat(payments("O-" + twice)).isEqualTo(1);
		assertThat(outboxEvents("O-" + twice)).isEqualTo(1);
		assertThat(payments("O-" + twoPayNos)).isEqualTo(2);
		assertThat(outboxEvents("O-" + twoPayNos)).isEqualTo(2);
		assertThat(this.jdbc.sql("SELECT CONCAT(amount, ' ', duplicate_count) FROM t_payment WHERE order_no = ?")
			.params("O-" + dup)
			.query(String.class)
			.single()).isEqualTo("10.00 1");
		assertThat(this.jdbc.sql("SELECT CONCAT(amount, ' ', duplicate_count) FROM t_payment WHERE order_no = ?")
			.params("O-" + conflict)
			.query(String.class)
			.single()).as("the conflict changed nothing").isEqualTo("10.00 0");
		assertThat(outboxEvents("O-" + conflict)).isEqualTo(1);
		assertThat(this.jdbc.sql("SELECT kind FROM t_payment WHERE order_no = ? ORDER BY id")
			.params("O-" + held)
			.query(String.class)
			.list()).containsExactly("PRIMARY", "DUPLICATE");
		assertThat(this.jdbc.sql("SELECT aggregatetype FROM t_outbox WHERE aggregateid = ? ORDER BY created_at")
			.params("O-" + held)
			.query(String.class)
			.list()).containsExactlyInAnyOrder("pay.success", "pay.refund-required");
	}

	@Test
	void aBatchHeldByALockRollsBackAndEveryCallbackIsAnsweredOnItsOwn() throws Exception {
		// given a payNo whose key another transaction holds, uncommitted
		String blocked = newId();
		List<String> others = new ArrayList<>();
		for (int i = 0; i < 11; i++) {
			others.add(newId());
		}
		double fallbacksBefore = this.meters.get("payonce.gateway.group.commit.failures")
			.tag("outcome", "fallback")
			.counter()
			.count();
		ExecutorService senders = Executors.newFixedThreadPool(12);
		try (Connection holder = DriverManager.getConnection(
				LocalStack.shared().mariaDb().jdbcUrl(LocalDatabase.GATEWAY.schema()), LocalDatabase.GATEWAY_APP.user(),
				LocalDatabase.GATEWAY_APP.password())) {
			holder.setAutoCommit(false);
			try (PreparedStatement insert = holder.prepareStatement("""
					INSERT INTO t_payment (pay_no, order_no, kind, source, user_id, amount, currency, status, paid_at,
					                       fingerprint, event_id, duplicate_count, received_at)
					VALUES (?, ?, 'PRIMARY', 'CALLBACK', 1, 1.00, 'CNY', 'PROCESSING', NOW(3), REPEAT('0', 64), NULL, 0,
					        NOW(3))""")) {
				insert.setString(1, "N-" + blocked);
				insert.setString(2, "O-held-by-test-" + blocked);
				insert.executeUpdate();
			}

			// when a batch of twelve brings it beside eleven new payments
			List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
			answers.add(CompletableFuture.supplyAsync(() -> postSigned(aCallbackBody(blocked, "10.00")), senders));
			for (String id : others) {
				answers.add(CompletableFuture.supplyAsync(() -> postSigned(aCallbackBody(id, "10.00")), senders));
			}

			// then the batch waited for the lock, failed, was rolled back (the fault happened)
			await().atMost(Duration.ofSeconds(20))
				.until(() -> this.meters.get("payonce.gateway.group.commit.failures")
					.tag("outcome", "fallback")
					.counter()
					.count() > fallbacksBefore);
			// and the eleven were accepted on their own while the lock is still held
			await().atMost(Duration.ofSeconds(10))
				.until(() -> answers.subList(1, 12).stream().allMatch(CompletableFuture::isDone));
			assertThat(answers.get(0)).as("the held payNo waits for the lock").isNotDone();
			assertThat(answers.subList(1, 12)).allSatisfy((a) -> assertThat(a.join().body())
				.isEqualTo("{\"result\":\"ACCEPTED\"}"));

			// and when the holder gives its key up
			holder.rollback();
			await().atMost(Duration.ofSeconds(10)).until(() -> answers.get(0).isDone());
			assertThat(answers.get(0).join().body()).isEqualTo("{\"result\":\"ACCEPTED\"}");
		}
		finally {
			senders.shutdownNow();
		}
		// then each payment is recorded once, with its one event
		for (String id : others) {
			assertThat(payments("O-" + id)).isEqualTo(1);
			assertThat(outboxEvents("O-" + id)).isEqualTo(1);
		}
		assertThat(payments("O-" + blocked)).isEqualTo(1);
		assertThat(outboxEvents("O-" + blocked)).isEqualTo(1);
		assertThat(payments("O-held-by-test-" + blocked)).as("the holder rolled back").isZero();
	}

	private DistributionSummary batchSizes() {
		return this.meters.get("payonce.gateway.group.commit.batch.size").summary();
	}

	/** The callback with another payNo (the same order, amount, …). */
	private static String withPayNo(String body, String payNo, String otherPayNo) {
		return body.replace("\"payNo\":\"" + payNo + "\"", "\"payNo\":\"" + otherPayNo + "\"");
	}

}
