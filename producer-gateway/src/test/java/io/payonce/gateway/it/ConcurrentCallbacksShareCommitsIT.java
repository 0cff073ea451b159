package io.payonce.gateway.it;

import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.infra.LocalStack;
import io.payonce.infra.MariaDbNode;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Group commit with its defaults (on, max-batch 64, max-wait 2 ms, 2 writers): concurrent callbacks share commits,
 * each is answered for itself and recorded once with its own event and trace; a database going down under load
 * answers the batches 503 and leaves no event without its payment.
 */
class ConcurrentCallbacksShareCommitsIT extends GatewayIntegrationTest {

	private static final int CALLBACKS = 200;

	private static final int SENDERS = 32;

	@Autowired
	MeterRegistry meters;

	@Test
	void twoHundredConcurrentCallbacksShareFarFewerCommitsThanCallbacks() throws Exception {
		// given 200 new payments, each with a trace of its own
		String run = newId();
		List<String> ids = new ArrayList<>();
		for (int i = 0; i < CALLBACKS; i++) {
			ids.add(run + "-" + i);
		}
		long commitsBefore = globalStatus("Com_commit");
		double batchedBefore = callbacks("batch");

		// when 32 senders post them, each its share one after the other
		Map<String, String> answers = new ConcurrentHashMap<>();
		ExecutorService senders = Executors.newFixedThreadPool(SENDERS);
		CountDownLatch start = new CountDownLatch(1);
		try {
			List<Future<?>> done = new ArrayList<>();
			for (int s = 0; s < SENDERS; s++) {
				int sender = s;
				done.add(senders.submit(() -> {
					start.await();
					for (int i = sender; i < CALLBACKS; i += SENDERS) {
						String id = ids.get(i);
						HttpResponse<String> response = postSignedWith(aCallbackBody(id, "10.00"), "traceparent",
								traceparentOf(i));
						answers.put(id, response.statusCode() + " " + response.body());
					}
					return null;
				}));
			}
			start.countDown();
			for (Future<?> each : done) {
				each.get();
			}
		}
		finally {
			senders.shutdownNow();
		}

		// then each was accepted, once, with its own event carrying its own trace
		assertThat(answers).hasSize(CALLBACKS).allSatisfy((id, answer) -> assertThat(answer)
			.isEqualTo("200 {\"result\":\"ACCEPTED\"}"));
		Map<String, Long> rows = countByOrder("SELECT order_no, COUNT(*) FROM t_payment WHERE order_no LIKE ? GROUP BY order_no", run);
		Map<String, Long> events = countByOrder(
				"SELECT aggregateid, COUNT(*) FROM t_outbox WHERE aggregateid LIKE ? GROUP BY aggregateid", run);
		assertThat(rows).hasSize(CALLBACKS).allSatisfy((order, count) -> assertThat(count).isEqualTo(1));
		assertThat(events).hasSize(CALLBACKS).allSatisfy((order, count) -> assertThat(count).isEqualTo(1));
		for (int i = 0; i < CALLBACKS; i++) {
			String stored = this.jdbc.sql("SELECT traceparent FROM t_outbox WHERE aggregateid = ?")
				.params("O-" + ids.get(i))
				.query(String.class)
				.single();
			assertThat(stored).as("the trace of callback %d", i).startsWith("00-" + traceIdOf(i) + "-");
		}
		// and they shared commits: far fewer than one per callback
		long commits = globalStatus("Com_commit") - commitsBefore;
		double batched = callbacks("batch") - batchedBefore;
		assertThat(commits).as("COMMITs for %d callbacks (%s of them answered from a shared batch)", CALLBACKS,
				batched).isPositive().isLessThanOrEqualTo(CALLBACKS / 2);
		assertThat(batched).isGreaterThanOrEqualTo(CALLBACKS / 2.0);
	}

	@Test
	void databaseGoingDownUnderLoadAnswersTheBatches503AndLeavesNoEventWithoutItsPayment() throws Exception {
		// given 16 senders posting new payments without pause
		String run = newId();
		Map<String, Integer> answers = new ConcurrentHashMap<>();
		AtomicInteger accepted = new AtomicInteger();
		AtomicInteger unavailable = new AtomicInteger();
		AtomicBoolean sending = new AtomicBoolean(true);
		AtomicInteger next = new AtomicInteger();
		ExecutorService senders = Executors.newFixedThreadPool(16);
		List<Future<?>> done = new ArrayList<>();
		for (int s = 0; s < 16; s++) {
			done.add(senders.submit(() -> {
				while (sending.get()) {
					String id = run + "-" + next.getAndIncrement();
					int status = postSigned(aCallbackBody(id, "10.00")).statusCode();
					answers.put(id, status);
					(status == 200 ? accepted : unavailable).incrementAndGet();
				}
				return null;
			}));
		}
		double failedBatchesBefore = failures("unavailable");
		MariaDbNode mariaDb = LocalStack.shared().mariaDb();
		try {
			await().atMost(Duration.ofSeconds(60)).until(() -> accepted.get() >= 100);

			// when the database stops under that load, and comes back
			mariaDb.stop();
			try {
				await().atMost(Duration.ofSeconds(60))
					.until(() -> failures("unavailable") > failedBatchesBefore && unavailable.get() >= 16);
			}
			finally {
				mariaDb.start();
			}
			int acceptedBeforeRestart = accepted.get();
			await().atMost(Duration.ofSeconds(60)).until(() -> accepted.get() >= acceptedBeforeRestart + 50);
		}
		finally {
			sending.set(false);
			for (Future<?> each : done) {
				each.get();
			}
			senders.shutdownNow();
		}

		// then whole batches were answered 503, and only 200 and 503 were answered
		assertThat(failures("unavailable")).isGreaterThan(failedBatchesBefore);
		assertThat(answers.values()).containsOnly(200, 503).contains(503);
		// and every payment accepted has its row and its event, every other as many events as rows (none or one)
		Map<String, Long> rows = countByOrder("SELECT order_no, COUNT(*) FROM t_payment WHERE order_no LIKE ? GROUP BY order_no", run);
		Map<String, Long> events = countByOrder(
				"SELECT aggregateid, COUNT(*) FROM t_outbox WHERE aggregateid LIKE ? GROUP BY aggregateid", run);
		answers.forEach((id, status) -> {
			long paymentRows = rows.getOrDefault("O-" + id, 0L);
			assertThat(events.getOrDefault("O-" + id, 0L)).as("events of %s (answered %d)", id, status)
				.isEqualTo(paymentRows);
			assertThat(paymentRows).as("rows of %s (answered %d)", id, status).isEqualTo(status == 200 ? 1 : paymentRows)
				.isLessThanOrEqualTo(1);
		});
		// and each payment answered 503, retried, is recorded once
		for (Map.Entry<String, Integer> answer : answers.entrySet()) {
			if (answer.getValue() == 503) {
				String body = aCallbackBody(answer.getKey(), "10.00");
				assertThat(postSigned(body).body()).isIn("{\"result\":\"ACCEPTED\"}", "{\"result\":\"DUPLICATE\"}");
				assertThat(payments("O-" + answer.getKey())).isEqualTo(1);
				assertThat(outboxEvents("O-" + answer.getKey())).isEqualTo(1);
			}
		}
	}

	private static String traceIdOf(int i) {
		return "%032x".formatted(0x5eed0000L + i);
	}

	private static String traceparentOf(int i) {
		return "00-" + traceIdOf(i) + "-" + "%016x".formatted(0xabcL + i) + "-01";
	}

	private Map<String, Long> countByOrder(String sql, String run) {
		Map<String, Long> counts = new HashMap<>();
		this.jdbc.sql(sql).params("O-" + run + "-%").query((rs) -> {
			counts.put(rs.getString(1), rs.getLong(2));
		});
		return counts;
	}

	private double callbacks(String path) {
		return this.meters.get("payonce.gateway.group.commit.callbacks").tag("path", path).counter().count();
	}

	private double failures(String outcome) {
		return this.meters.get("payonce.gateway.group.commit.failures").tag("outcome", outcome).counter().count();
	}

	private static long globalStatus(String name) throws SQLException {
		try (Connection root = LocalStack.shared().mariaDb().rootConnection();
				Statement statement = root.createStatement();
				ResultSet rs = statement.executeQuery("SHOW GLOBAL STATUS LIKE '" + name + "'")) {
			rs.next();
			return rs.getLong(2);
		}
	}

}
