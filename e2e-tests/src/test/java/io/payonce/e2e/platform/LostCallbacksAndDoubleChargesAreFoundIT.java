package io.payonce.e2e.platform;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

import io.payonce.contract.Topic;
import io.payonce.e2e.support.Pipeline;
import io.payonce.e2e.support.SimulatorProcess;
import io.payonce.e2e.support.TopicRecords;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import io.payonce.simulator.api.ChargeSpec;
import io.payonce.simulator.api.PaymentView;
import io.payonce.simulator.api.SummaryView;
import io.payonce.simulator.client.SimulatorClient;
import io.payonce.simulator.payment.Fault;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Issue 20 end to end: the platform simulator charges {@value #DEFAULT_PAYMENTS} orders (property
 * {@code payonce.e2e.platform.payments}) with its seeded fault plan, losing 1 % of the callbacks and charging
 * 0.5 % of the orders twice, against the real gateway, relay and consumer. Then reconciliation's active query and
 * a statement import: every lost callback is deducted exactly once, every second charge is on the refund list
 * ({@code pay.refund-required}), the totals balance, a re-import changes nothing; and a tampered statement (a
 * forged row, an amount changed by 0.01, a malformed line) gets a finding or a precise error for each.
 * <p>
 * The faults are proven first: the simulator's own record says how many callbacks it lost and how many orders
 * it charged twice, and which. Payments are made on a day of their own (a random day of 2024), so the statement
 * of that day and the gateway's payments of that day hold this test's payments only.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LostCallbacksAndDoubleChargesAreFoundIT {

	static final int DEFAULT_PAYMENTS = 5000;

	private static final int PAYMENTS = Integer.getInteger("payonce.e2e.platform.payments", DEFAULT_PAYMENTS);

	/**
	 * One more order, charged with named faults: its first payment's callback lost, its second charge's delivered.
	 * The second pays the order, so active query never asks about it: only the statement finds the first.
	 */
	private static final int RESCUED = PAYMENTS;

	/** The seeded orders: the plan's and {@link #RESCUED}. */
	private static final int ORDERS = PAYMENTS + 1;

	/** Payments at the platform: every order's, the plan's second charges, the rescued order's second. */
	private static final int PLATFORM_PAYMENTS = ORDERS + PAYMENTS / 200 + 1;

	private static final BigDecimal BALANCE = new BigDecimal("1000.00");

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

	private static final String RUN = Long.toString(System.currentTimeMillis() % 100_000_000, 36);

	private static final LocalDate DAY = LocalDate.of(2024, 1, 1).plusDays(ThreadLocalRandom.current().nextInt(365));

	private static final long FIRST_USER = 900_000_000L + ThreadLocalRandom.current().nextInt(90_000_000);

	private static Pipeline pipeline;

	private static SimulatorProcess simulator;

	private static ServiceProcess reconciliation;

	private static int lookupPort;

	/** Every payment the simulator made, by payNo, after the charges. */
	private static Map<String, PaymentView> payments;

	private static byte[] statementFile;

	@BeforeAll
	static void start() throws Exception {
		LocalStack stack = LocalStack.shared();
		pipeline = Pipeline.start(stack, "outbox-relay", "deduct-consumer");
		lookupPort = ServiceProcess.freePort();
		ServiceProcess gateway = pipeline.launch("producer-gateway",
				Map.of(LocalStack.GATEWAY_LOOKUP_PORT, Integer.toString(lookupPort)));
		simulator = SimulatorProcess.start(stack, gateway.baseUrl(),
				Map.of("PAYONCE_SIMULATOR_FAULTS_LOSE_CALLBACK_RATE", "0.01",
						"PAYONCE_SIMULATOR_FAULTS_CHARGE_TWICE_RATE", "0.005",
						"PAYONCE_SIMULATOR_SECOND_CHARGE_AFTER", "3s", "PAYONCE_SIMULATOR_CALLBACK_TIMEOUT", "30s",
						"PAYONCE_SIMULATOR_CALLBACK_CONCURRENCY", "16"));
		seed(stack);
	}

	@AfterAll
	static void stop() {
		if (simulator != null) {
			simulator.close();
		}
		if (pipeline != null) {
			pipeline.close();
		}
	}

	@Test
	@Order(1)
	void simulatorLosesOnePercentOfCallbacksAndChargesHalfAPercentTwice() throws Exception {
		// when every order is paid at the platform
		SimulatorClient client = simulator.client();
		ExecutorService payers = Executors.newFixedThreadPool(4);
		try {
			List<Future<?>> charges = new ArrayList<>();
			for (int i = 0; i < PAYMENTS; i++) {
				int n = i;
				charges.add(payers.submit(() -> client.charge(new ChargeSpec(orderNo(n), FIRST_USER + n, amount(n),
						"CNY", paidAt(n), null))));
			}
			for (Future<?> charge : charges) {
				charge.get();
			}
			client.charge(new ChargeSpec(orderNo(RESCUED), FIRST_USER + RESCUED, amount(RESCUED), "CNY",
					paidAt(RESCUED), Set.of(Fault.LOSE_CALLBACK, Fault.CHARGE_TWICE)));
		}
		finally {
			payers.shutdownNow();
		}
		// and the platform has delivered every callback it means to send
		await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofSeconds(1)).until(() -> {
			SummaryView summary = client.summary();
			return summary.pendingCallbacks() == 0;
		});

		// then the faults happened, exactly at the configured rates
		SummaryView summary = client.summary();
		payments = client.payments()
			.stream()
			.filter((p) -> p.orderNo().startsWith(prefix()))
			.collect(Collectors.toMap(PaymentView::payNo, (p) -> p, (a, b) -> a, LinkedHashMap::new));
		assertThat(summary.gaveUpCallbacks()).isZero();
		// (the plan's, and the rescued order's named ones)
		assertThat(lost()).hasSize(PAYMENTS / 100 + 1);
		assertThat(secondCharges()).hasSize(PAYMENTS / 200 + 1);
		assertThat(payments).hasSize(PLATFORM_PAYMENTS);
		// a lost callback never reached the gateway
		for (PaymentView payment : lost()) {
			assertThat(recordedPayNos(payment.orderNo())).doesNotContain(payment.payNo());
		}
	}

	@Test
	@Order(2)
	void activeQueryDeductsEveryLostCallbackExactlyOnce() {
		// given orders whose every callback was lost: the gateway never heard of them (a second charge's callback
		// pays the order of a lost first one: that one is for the statement to find)
		Set<String> unpaid = lost().stream()
			.map(PaymentView::orderNo)
			.filter((orderNo) -> recordedPayNos(orderNo).isEmpty())
			.collect(Collectors.toSet());
		assertThat(unpaid).allSatisfy((orderNo) -> assertThat(orderStatus(orderNo)).isEqualTo("INIT"));
		assertThat(unpaid).isNotEmpty();

		// when reconciliation runs its active query
		reconciliation = pipeline.launch("reconciliation", reconciliationSettings());

		// then every order is paid, each deducted exactly once, and what the query found is marked so
		await().atMost(Duration.ofMinutes(4)).pollInterval(Duration.ofSeconds(2))
			.untilAsserted(() -> assertThat(countWhere("t_order", "status <> 'PAID'")).isZero());
		assertThat(deductionsPerOrder()).hasSize(ORDERS).allSatisfy((orderNo, flows) -> assertThat(flows)
			.as("PAY_DEDUCT flows of %s", orderNo)
			.isEqualTo(1));
		assertThat(debitedAccounts()).isEqualTo(ORDERS);
		assertThat(unpaid).doesNotContain(orderNo(RESCUED));
		for (String orderNo : unpaid) {
			assertThat(sourceOf(lostPayNoOf(orderNo))).as("source of the payment of %s", orderNo).isEqualTo("QUERY");
		}
		System.out.printf("platform side: %d payments, %d callbacks lost, %d orders charged twice; active query found"
				+ " %d lost payments%n", PAYMENTS, lost().size(), secondCharges().size(), unpaid.size());
	}

	@Test
	@Order(3)
	void statementImportPutsEverySecondChargeOnTheRefundListAndBalances() throws Exception {
		// given the platform's statement of the day
		statementFile = get(simulator.process().baseUrl() + "/api/v1/statements/" + DAY).getBytes(StandardCharsets.UTF_8);
		int recordedBefore = countGatewayPayments();

		// when it is imported
		JsonNode imported = importStatement(statementFile);

		// then the totals balance and every second charge is a DUPLICATE_PAYMENT finding, on the refund list
		assertThat(imported.path("result").asString()).as(imported.toString()).isEqualTo("IMPORTED");
		assertThat(imported.path("balanced").asBoolean()).isTrue();
		assertThat(imported.path("rows").asInt()).isEqualTo(PLATFORM_PAYMENTS);
		assertThat(imported.path("errors")).isEmpty();
		JsonNode findings = imported.path("findings");
		assertThat(findings.path("DUPLICATE_PAYMENT").asInt()).isEqualTo(PAYMENTS / 200 + 1);
		assertThat(findings.path("UNKNOWN_PAYMENT").asInt()).isZero();
		assertThat(findings.path("AMOUNT_MISMATCH").asInt()).isZero();
		assertThat(findings.path("NOT_DEDUCTED").asInt()).isZero();
		// what active query could not find (a lost first payment of an order its second charge paid) is repaired now
		int missing = findings.path("MISSING_CALLBACK").asInt();
		System.out.printf("platform side: statement of %s, %d rows, findings %s, balances %s%n", DAY,
				imported.path("rows").asInt(), findings, imported.path("balances"));
		assertThat(missing).isGreaterThanOrEqualTo(1);
		assertThat(countGatewayPayments()).isEqualTo(recordedBefore + missing);
		assertThat(countGatewayPayments()).isEqualTo(PLATFORM_PAYMENTS);
		// the rescued order's lost first payment: recorded by the statement, owed back (its second paid the order)
		String rescuedFirst = lostPayNoOf(orderNo(RESCUED));
		assertThat(sourceOf(rescuedFirst)).isEqualTo("STATEMENT");
		assertThat(queryString(false, "SELECT kind FROM t_payment WHERE pay_no = ?", rescuedFirst)).isEqualTo("DUPLICATE");
		Set<String> doubleCharged = secondCharges().stream().map(PaymentView::orderNo).collect(Collectors.toSet());
		try (TopicRecords refunds = new TopicRecords(pipeline.stack().kafka().bootstrapServers(),
				Topic.PAY_REFUND_REQUIRED)) {
			await().atMost(Duration.ofMinutes(2)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() -> {
				Map<String, Set<String>> listed = new LinkedHashMap<>();
				refunds.withKeyPrefix(prefix())
					.forEach((r) -> listed.computeIfAbsent(r.key(), (k) -> new HashSet<>())
						.add(JSON.readTree(r.value()).path("payNo").asString()));
				// one payment owed back per order charged twice: the one that does not hold the order (the later,
				// unless the earlier one's callback was the one lost)
				assertThat(listed.keySet()).isEqualTo(doubleCharged);
				listed.forEach((orderNo, payNos) -> assertThat(payNos).as("owed back for %s", orderNo)
					.hasSize(1)
					.isSubsetOf(payments.values()
						.stream()
						.filter((p) -> p.orderNo().equals(orderNo))
						.map(PaymentView::payNo)
						.toList()));
			});
		}

		// when the same file is imported again, nothing changes
		JsonNode again = importStatement(statementFile);
		assertThat(again.path("result").asString()).isEqualTo("ALREADY_IMPORTED");
		assertThat(countGatewayPayments()).isEqualTo(PLATFORM_PAYMENTS);
	}

	@Test
	@Order(4)
	void tamperedStatementGetsAFindingOrAPreciseErrorForEachChange() throws Exception {
		// given the statement with a forged row, an amount raised by 0.01 and a malformed line
		List<String> lines = new ArrayList<>(List.of(new String(statementFile, StandardCharsets.UTF_8).split("\n")));
		int summary = lines.indexOf("currency,count,amount,fee");
		String[] changed = lines.get(2).split(",");
		String changedPayNo = changed[0];
		changed[3] = new BigDecimal(changed[3]).add(new BigDecimal("0.01")).toPlainString();
		lines.set(2, String.join(",", changed));
		String forgedPayNo = "PN-FORGED-" + RUN;
		// 1-based line numbers: the malformed line where the summary began, the forged row after it
		lines.add(summary, forgedPayNo + ",O-FORGED-" + RUN + ",42,99.00,CNY,SUCCESS," + DAY + "T23:59:59Z,0.59");
		lines.add(summary, "not,a,payment");
		int malformedLine = summary + 1;
		int forgedLine = summary + 2;
		byte[] tampered = (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
		int recordedBefore = countGatewayPayments();

		// when it is imported
		JsonNode imported = importStatement(tampered);

		// then each change is found, the forged payment is not recorded, and the totals still balance
		assertThat(imported.path("result").asString()).as(imported.toString()).isEqualTo("IMPORTED");
		assertThat(imported.path("findings").path("AMOUNT_MISMATCH").asInt()).isEqualTo(1);
		assertThat(imported.path("findings").path("MISSING_CALLBACK").asInt()).isEqualTo(1);
		assertThat(imported.path("balanced").asBoolean()).isTrue();
		List<Integer> errorLines = new ArrayList<>();
		imported.path("errors").forEach((e) -> errorLines.add(e.path("line").asInt()));
		assertThat(errorLines).contains(malformedLine);
		String report = get(reconciliation.baseUrl() + "/api/v1/statements/reports/"
				+ imported.path("report").asString() + ".csv");
		assertThat(report).contains("AMOUNT_MISMATCH,3," + changedPayNo)
			.contains("0.01")
			.contains("MISSING_CALLBACK," + forgedLine + "," + forgedPayNo)
			.contains("NOT_CONFIRMED")
			.contains("UNREADABLE_LINE," + malformedLine);
		assertThat(countGatewayPayments()).isEqualTo(recordedBefore);

		// and a re-import of it changes nothing
		assertThat(importStatement(tampered).path("result").asString()).isEqualTo("ALREADY_IMPORTED");
	}

	private static Map<String, String> reconciliationSettings() {
		Map<String, String> settings = new LinkedHashMap<>();
		settings.put("PAYONCE_RECONCILIATION_PLATFORM_BASE_URL", simulator.process().baseUrl());
		settings.put("PAYONCE_RECONCILIATION_GATEWAY_BASE_URL", "http://127.0.0.1:" + lookupPort);
		// the orders were created minutes ago; every callback the platform meant to send has been answered
		settings.put("PAYONCE_RECONCILIATION_ACTIVE_QUERY_MIN_AGE", "1s");
		settings.put("PAYONCE_RECONCILIATION_ACTIVE_QUERY_MAX_AGE", "1h");
		settings.put("PAYONCE_RECONCILIATION_ACTIVE_QUERY_INTERVAL", "2s");
		try {
			settings.put("PAYONCE_RECONCILIATION_STATEMENT_REPORT_DIR",
					Files.createTempDirectory("payonce-statements").toString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return settings;
	}

	private static JsonNode importStatement(byte[] file) throws Exception {
		HttpRequest request = HttpRequest.newBuilder(URI.create(reconciliation.baseUrl() + "/api/v1/statements/" + DAY))
			.timeout(Duration.ofMinutes(3))
			.header("Authorization", basic("admin", "admin-local"))
			.header("Content-Type", "text/csv")
			.POST(HttpRequest.BodyPublishers.ofByteArray(file))
			.build();
		HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return JSON.readTree(response.body());
	}

	private static String get(String url) throws Exception {
		HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url))
			.timeout(Duration.ofMinutes(1))
			.header("Authorization", basic("viewer", "viewer-local"))
			.GET()
			.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(response.statusCode()).as(url + ": " + response.body()).isEqualTo(200);
		return response.body();
	}

	private static String basic(String user, String password) {
		return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
	}

	private static List<PaymentView> lost() {
		return payments.values().stream().filter((p) -> p.faults().contains(Fault.LOSE_CALLBACK)).toList();
	}

	private static List<PaymentView> secondCharges() {
		return payments.values().stream().filter((p) -> p.secondChargeOf() != null).toList();
	}

	private static String lostPayNoOf(String orderNo) {
		return lost().stream().filter((p) -> p.orderNo().equals(orderNo)).findFirst().orElseThrow().payNo();
	}

	private static String prefix() {
		return "PS" + RUN + "-";
	}

	private static String orderNo(int n) {
		return prefix() + n;
	}

	private static BigDecimal amount(int n) {
		return new BigDecimal("10.00").add(BigDecimal.valueOf(n % 100, 2));
	}

	/** Spread over the day, 10 s apart, so a second charge (3 s later) stays on it. */
	private static Instant paidAt(int n) {
		return DAY.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(60 + 10L * n);
	}

	private static void seed(LocalStack stack) throws SQLException {
		try (Connection connection = trade(stack);
				PreparedStatement account = connection
					.prepareStatement("INSERT INTO t_account (user_id, balance, currency) VALUES (?, ?, 'CNY')");
				PreparedStatement order = connection.prepareStatement(
						"INSERT INTO t_order (order_no, user_id, amount, currency, status) VALUES (?, ?, ?, 'CNY', 'INIT')")) {
			connection.setAutoCommit(false);
			for (int i = 0; i < ORDERS; i++) {
				account.setLong(1, FIRST_USER + i);
				account.setBigDecimal(2, BALANCE);
				account.addBatch();
				order.setString(1, orderNo(i));
				order.setLong(2, FIRST_USER + i);
				order.setBigDecimal(3, amount(i));
				order.addBatch();
			}
			account.executeBatch();
			order.executeBatch();
			connection.commit();
		}
	}

	private static Connection trade(LocalStack stack) throws SQLException {
		return DriverManager.getConnection(stack.mariaDb().jdbcUrl(LocalDatabase.TRADE.schema()),
				LocalDatabase.TRADE.user(), LocalDatabase.TRADE.password());
	}

	private static Connection gateway() throws SQLException {
		return DriverManager.getConnection(pipeline.stack().mariaDb().jdbcUrl(LocalDatabase.GATEWAY.schema()),
				LocalDatabase.GATEWAY.user(), LocalDatabase.GATEWAY.password());
	}

	private static String orderStatus(String orderNo) {
		return queryString(true, "SELECT status FROM t_order WHERE order_no = ?", orderNo);
	}

	private static String sourceOf(String payNo) {
		return queryString(false, "SELECT source FROM t_payment WHERE pay_no = ?", payNo);
	}

	private static Set<String> recordedPayNos(String orderNo) {
		Set<String> payNos = new HashSet<>();
		try (Connection connection = gateway();
				PreparedStatement select = connection.prepareStatement("SELECT pay_no FROM t_payment WHERE order_no = ?")) {
			select.setString(1, orderNo);
			try (ResultSet rs = select.executeQuery()) {
				while (rs.next()) {
					payNos.add(rs.getString(1));
				}
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
		return payNos;
	}

	private static int countWhere(String table, String condition) {
		return Integer.parseInt(queryString(true,
				"SELECT COUNT(*) FROM " + table + " WHERE order_no LIKE ? AND " + condition, prefix() + "%"));
	}

	private static int countGatewayPayments() {
		return Integer.parseInt(queryString(false, "SELECT COUNT(*) FROM t_payment WHERE order_no LIKE ?", prefix() + "%"));
	}

	private static int debitedAccounts() {
		return Integer.parseInt(queryString(true, """
				SELECT COUNT(*) FROM t_account a JOIN t_order o ON o.user_id = a.user_id
				WHERE o.order_no LIKE ? AND a.balance = ? - o.amount""", prefix() + "%", BALANCE));
	}

	private static Map<String, Integer> deductionsPerOrder() {
		Map<String, Integer> flows = new LinkedHashMap<>();
		try (Connection connection = trade(pipeline.stack());
				PreparedStatement select = connection.prepareStatement("""
						SELECT biz_no, COUNT(*) FROM t_account_flow WHERE biz_no LIKE ? AND type = 'PAY_DEDUCT'
						GROUP BY biz_no""")) {
			select.setString(1, prefix() + "%");
			try (ResultSet rs = select.executeQuery()) {
				while (rs.next()) {
					flows.put(rs.getString(1), rs.getInt(2));
				}
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
		return flows;
	}

	private static String queryString(boolean tradeSchema, String sql, Object... params) {
		try (Connection connection = tradeSchema ? trade(pipeline.stack()) : gateway();
				PreparedStatement select = connection.prepareStatement(sql)) {
			for (int i = 0; i < params.length; i++) {
				select.setObject(i + 1, params[i]);
			}
			try (ResultSet rs = select.executeQuery()) {
				return rs.next() ? rs.getString(1) : null;
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
