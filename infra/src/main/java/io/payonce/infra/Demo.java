package io.payonce.infra;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.payonce.infra.pipeline.OpsApi;
import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.infra.pipeline.TradeLedger.Flow;
import io.payonce.platform.callback.CallbackClient;
import io.payonce.platform.callback.CallbackClient.CallbackResponse;
import io.payonce.platform.callback.PayCallback;

/**
 * {@code ./payonce demo} after {@code up}: opens three accounts (empty) and tops them up through reconciliation's
 * audited top-up (money never moves by hand), places INIT orders, sends signed callbacks with duplicates (and two
 * bad ones), waits for the deductions and prints the ledger and what to try next. Succeeds only if every order is
 * PAID with exactly one PAY_DEDUCT flow and each balance went down exactly once.
 */
public final class Demo {

	private static final Duration DEDUCTION_TIMEOUT = Duration.ofSeconds(90);

	private final CallbackClient client;

	private final TradeLedger ledger;

	private final OpsApi ops;

	private final PrintStream out;

	private final Clock clock;

	/** @param ops the reconciliation's ops API, for the top-ups */
	public Demo(CallbackClient client, TradeLedger ledger, OpsApi ops, PrintStream out, Clock clock) {
		this.client = client;
		this.ledger = ledger;
		this.ops = ops;
		this.out = out;
		this.clock = clock;
	}

	public static void main(String[] args) {
		Path repo = Path.of(System.getProperty("payonce.repo", System.getProperty("user.dir")));
		Properties state = new LocalStackMain(repo, System.out).readState();
		String gateway = state.getProperty("producer-gateway.url");
		String reconciliation = state.getProperty("reconciliation.url");
		String mariaDbPort = state.getProperty("mariadb.port");
		if (gateway == null || reconciliation == null || mariaDbPort == null) {
			System.out.println("The demo needs the stack, the producer-gateway and the reconciliation: run ./payonce up"
					+ " first (./payonce status shows what runs)");
			System.exit(1);
		}
		Demo demo = new Demo(CallbackClient.local(gateway), new TradeLedger(Integer.parseInt(mariaDbPort)),
				new OpsApi(reconciliation), System.out, Clock.systemUTC());
		System.exit(demo.run() ? 0 : 1);
	}

	/** One seeded order of the demo. */
	private record Order(String orderNo, long userId, BigDecimal balance, BigDecimal amount) {

	}

	/** @return {@code true} if every payment was deducted exactly once */
	public boolean run() {
		if (!awaitSchemas()) {
			this.out.println("The services have not created their tables (is deduct-consumer up? ./payonce status)");
			return false;
		}
		String run = Long.toString(this.clock.millis(), 36).toUpperCase();
		List<Order> orders = List.of(new Order("DEMO-" + run + "-1", 1001, new BigDecimal("100.00"), new BigDecimal("30.00")),
				new Order("DEMO-" + run + "-2", 1002, new BigDecimal("50.00"), new BigDecimal("45.50")),
				new Order("DEMO-" + run + "-3", 1003, new BigDecimal("20.00"), new BigDecimal("12.00")));

		this.out.println("== Accounts topped up through the audited top-up (POST /api/v1/top-ups), INIT orders");
		Map<Long, BigDecimal> before = new LinkedHashMap<>();
		for (Order order : orders) {
			this.ledger.openEmptyAccount(order.userId(), "CNY");
			OpsApi.Exchange topUp = this.ops.topUp(order.userId(), order.balance(), "CNY",
					"TU-" + order.orderNo(), "./payonce demo");
			if (topUp.status() != 201) {
				this.out.println("  top-up of user " + order.userId() + " refused: " + topUp.status() + " " + topUp.body());
				return false;
			}
			before.put(order.userId(), this.ledger.balance(order.userId()).orElseThrow());
			this.ledger.placeOrder(order.orderNo(), order.userId(), order.amount(), "CNY");
			this.out.printf("  user %d topped up %s (balance %s), order %s amount %s INIT%n", order.userId(),
					order.balance(), before.get(order.userId()), order.orderNo(), order.amount());
		}

		this.out.println("== Sending signed callbacks, duplicates included");
		Map<String, PayCallback> callbacks = new LinkedHashMap<>();
		for (Order order : orders) {
			callbacks.put(order.orderNo(), PayCallback.success("PAY-" + order.orderNo(), order.orderNo(), order.userId(),
					order.amount(), this.clock.instant()));
		}
		List<String> sendOrder = List.of(orders.get(0).orderNo(), orders.get(0).orderNo(), orders.get(1).orderNo(),
				orders.get(2).orderNo(), orders.get(1).orderNo(), orders.get(0).orderNo());
		for (String orderNo : sendOrder) {
			CallbackResponse response = this.client.send(callbacks.get(orderNo));
			this.out.printf("  %-24s -> %s%n", orderNo, response);
		}

		this.out.println("== Bad callbacks are refused (problem+json, no payment, no event)");
		PayCallback first = callbacks.get(orders.get(0).orderNo());
		CallbackResponse unsigned = this.client.post(first.json().getBytes(java.nio.charset.StandardCharsets.UTF_8),
				null);
		this.out.printf("  unsigned                 -> %s%n", unsigned);
		CallbackResponse malformed = this.client.sendSigned("{\"payNo\": \"PAY-broken\", \"orderNo\": ");
		this.out.printf("  malformed JSON           -> %s%n", malformed);

		this.out.println("== Waiting for the deductions (gateway -> binlog -> relay -> Kafka -> consumer)");
		boolean allPaid = awaitPaid(orders);

		this.out.println("== Ledger");
		this.out.printf("  %-24s %-6s %9s %-6s %-12s %-9s %-10s %s%n", "order", "user", "amount", "status",
				"PAY_DEDUCT", "payments", "duplicates", "balance");
		boolean exactlyOnce = allPaid;
		for (Order order : orders) {
			List<Flow> flows = this.ledger.flows(order.orderNo());
			long deductions = flows.stream().filter(flow -> "PAY_DEDUCT".equals(flow.type())).count();
			BigDecimal balance = this.ledger.balance(order.userId()).orElse(null);
			BigDecimal expected = before.get(order.userId()).subtract(order.amount());
			boolean ok = deductions == 1 && expected.compareTo(balance) == 0
					&& this.ledger.paymentCount(order.orderNo()) == 1;
			exactlyOnce &= ok;
			this.out.printf("  %-24s %-6d %9s %-6s %-12d %-9d %-10d %s -> %s %s%n", order.orderNo(), order.userId(),
					order.amount(), this.ledger.orderStatus(order.orderNo()).orElse("?"), deductions,
					this.ledger.paymentCount(order.orderNo()), this.ledger.duplicateCount(order.orderNo()),
					before.get(order.userId()), balance, ok ? "" : "(expected " + expected + ")");
		}
		this.out.println(exactlyOnce ? "OK: every payment was deducted exactly once."
				: "NOT OK: see the ledger above and the logs under .payonce/");
		String firstOrder = orders.get(0).orderNo();
		this.out.println();
		this.out.println("Try next (README, \"Your first hour\"):");
		this.out.println("  ./payonce pay " + firstOrder + "              the same payment again: DUPLICATE, nothing deducted");
		this.out.println("  ./payonce account 10086 && ./payonce order P1 10086 199.00 && ./payonce pay P1");
		this.out.println("                                   a payment the balance does not cover waits on the retry"
				+ " ladder; ./payonce topup 10086 500.00, then replay it in the console");
		this.out.println("  ./payonce audit                  the ledger audit of today, top-ups included");
		this.out.println("  ./payonce status | logs <service> | restart <service> | reset");
		return exactlyOnce;
	}

	private boolean awaitSchemas() {
		long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
		while (System.nanoTime() < deadline) {
			if (this.ledger.schemasReady()) {
				return true;
			}
			ProcessNode.pauseBriefly();
		}
		return false;
	}

	private boolean awaitPaid(List<Order> orders) {
		long deadline = System.nanoTime() + DEDUCTION_TIMEOUT.toNanos();
		List<String> pending = new ArrayList<>();
		while (System.nanoTime() < deadline) {
			pending.clear();
			for (Order order : orders) {
				if (!"PAID".equals(this.ledger.orderStatus(order.orderNo()).orElse(""))) {
					pending.add(order.orderNo());
				}
			}
			if (pending.isEmpty()) {
				return true;
			}
			ProcessNode.pauseBriefly();
		}
		this.out.println("  not PAID after " + DEDUCTION_TIMEOUT.toSeconds() + " s: " + pending);
		return false;
	}

}
