package io.payonce.infra;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

import io.payonce.infra.pipeline.OpsApi;
import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.infra.pipeline.TradeLedger.Account;
import io.payonce.infra.pipeline.TradeLedger.Flow;
import io.payonce.infra.pipeline.TradeLedger.Order;
import io.payonce.platform.callback.CallbackClient;
import io.payonce.platform.callback.CallbackClient.CallbackResponse;
import io.payonce.platform.callback.CallbackSignature;
import io.payonce.platform.callback.PayCallback;

/**
 * The chores of a local run, one {@code ./payonce} verb each, against the stack {@code ./payonce up} started (its
 * ports from {@code .payonce/state.properties}). Each prints what it did and the next useful command.
 * <ul>
 * <li>{@code account <userId> [currency]}: opens an empty account (the merchant's side; money only by top-up).</li>
 * <li>{@code order <orderNo> <userId> <amount> [currency]}: an INIT order, as the merchant's order system would.</li>
 * <li>{@code pay <orderNo> [payNo]}: the payment platform's role: signs the callback of that order with the local
 * secret, sends it to the gateway and shows the answer.</li>
 * <li>{@code topup <userId> <amount> [reference]}: an audited ledger credit through reconciliation's ops API
 * ({@code POST /api/v1/top-ups}, as the local ADMIN).</li>
 * <li>{@code freeze <userId> <reason…>} / {@code unfreeze <userId> <reason…>}: stop or resume the account's
 * deductions (the repair SOP's first step) through reconciliation's ops API, as the local ADMIN, audited.</li>
 * <li>{@code show <orderNo> [status]}: the order, its flows and its user's balance; with a status, once the order
 * has it (up to a minute).</li>
 * <li>{@code balance <userId>}: the account.</li>
 * <li>{@code terminal <orderNo>}: the order's records on the terminal topic (dlt-handler's console API), waiting up to
 * {@value #TERMINAL_WAIT_SECONDS} s for one to arrive (the local retry ladder takes 45 s).</li>
 * <li>{@code replay <orderNo>}: replays the order's OPEN terminal records through the console API (ADMIN).</li>
 * <li>{@code audit [from] [to]}: the ledger audit's summary (default: today, UTC).</li>
 * </ul>
 * Local only: it uses the published local secret and users, which the services accept only under the profile
 * {@code local}.
 */
public final class Chores {

	/** How long {@code terminal <orderNo>} waits for a record: the local ladder (45 s) and some. */
	static final int TERMINAL_WAIT_SECONDS = 90;

	/** How long {@code pay} watches for the deduction: seconds when the balance covers the order. */
	private static final Duration PAY_WAIT = Duration.ofSeconds(10);

	/** How long {@code show <orderNo> <status>} waits: the local retry ladder's first tiers (5 s, 10 s, …). */
	private static final Duration SHOW_WAIT = Duration.ofSeconds(60);

	private final Properties state;

	private final PrintStream out;

	private final Clock clock;

	Chores(Properties state, PrintStream out, Clock clock) {
		this.state = state;
		this.out = out;
		this.clock = clock;
	}

	public static void main(String[] args) {
		Path repo = Path.of(System.getProperty("payonce.repo", System.getProperty("user.dir")));
		Properties state = new LocalStackMain(repo, System.out).readState();
		int exit;
		try {
			exit = new Chores(state, System.out, Clock.systemUTC()).run(List.of(args));
		}
		catch (UsageException ex) {
			System.out.println(ex.getMessage());
			exit = 64;
		}
		catch (IllegalStateException ex) {
			System.out.println("FAILED: " + ex.getMessage());
			exit = 1;
		}
		System.exit(exit);
	}

	int run(List<String> args) {
		if (args.isEmpty()) {
			throw new UsageException(
					"usage: Chores account|order|pay|topup|freeze|unfreeze|show|balance|terminal|replay|audit …");
		}
		List<String> rest = args.subList(1, args.size());
		switch (args.get(0)) {
			case "account":
				return account(rest);
			case "order":
				return order(rest);
			case "pay":
				return pay(rest);
			case "topup":
				return topUp(rest);
			case "freeze":
				return freeze(rest, true);
			case "unfreeze":
				return freeze(rest, false);
			case "show":
				return show(rest);
			case "balance":
				return balance(rest);
			case "terminal":
				return terminal(rest);
			case "replay":
				return replay(rest);
			case "audit":
				return audit(rest);
			default:
				throw new UsageException("unknown chore '" + args.get(0) + "'");
		}
	}

	private int account(List<String> args) {
		usage(args, 1, 2, "./payonce account <userId> [currency, default CNY]");
		long userId = userId(args.get(0));
		String currency = (args.size() > 1) ? args.get(1).toUpperCase(Locale.ROOT) : "CNY";
		Account account = ledger().openEmptyAccount(userId, currency);
		if (!account.currency().equals(currency)) {
			this.out.printf("User %d has an account in %s already (balance %s); an account has one currency.%n", userId,
					account.currency(), account.balance().toPlainString());
			return 1;
		}
		this.out.printf("Account of user %d in %s, balance %s (opened empty; money comes only by top-up).%n", userId,
				currency, account.balance().toPlainString());
		next("./payonce topup " + userId + " 500.00");
		return 0;
	}

	private int order(List<String> args) {
		usage(args, 3, 4, "./payonce order <orderNo> <userId> <amount> [currency, default CNY]");
		String orderNo = args.get(0);
		long userId = userId(args.get(1));
		BigDecimal amount = amount(args.get(2));
		String currency = (args.size() > 3) ? args.get(3).toUpperCase(Locale.ROOT) : "CNY";
		Optional<Order> existing = ledger().order(orderNo);
		if (existing.isPresent()) {
			this.out.println("Order " + orderNo + " exists already: " + describe(existing.get()));
			next("./payonce pay " + orderNo);
			return 1;
		}
		ledger().placeOrder(orderNo, userId, amount, currency);
		this.out.printf("Order %s of user %d: %s %s, INIT (waiting for its payment).%n", orderNo, userId,
				amount.toPlainString(), currency);
		next("./payonce pay " + orderNo);
		return 0;
	}

	private int pay(List<String> args) {
		usage(args, 1, 2, "./payonce pay <orderNo> [payNo, default PN-<orderNo>]");
		String orderNo = args.get(0);
		Order order = ledger().order(orderNo)
			.orElseThrow(() -> new UsageException("No order " + orderNo + ": create it first, e.g. ./payonce order "
					+ orderNo + " 10086 199.00"));
		String payNo = (args.size() > 1) ? args.get(1) : "PN-" + orderNo;
		PayCallback callback = new PayCallback(payNo, orderNo, order.userId(), order.amount(), order.currency(),
				"SUCCESS", this.clock.instant());
		String gateway = service("producer-gateway");
		byte[] body = callback.json().getBytes(StandardCharsets.UTF_8);
		String signature = CallbackSignature.header(CallbackSignature.LOCAL_SECRET, this.clock.instant().getEpochSecond(),
				body);
		this.out.println("POST " + gateway + CallbackClient.CALLBACK_PATH + " (signed with the local secret "
				+ CallbackSignature.LOCAL_SECRET + ")");
		this.out.println("  " + CallbackSignature.HEADER + ": " + signature);
		this.out.println("  " + callback.json());
		CallbackResponse answer = CallbackClient.local(gateway).post(body, signature);
		this.out.println("-> " + answer);
		if (answer.status() != 200) {
			next("./payonce show " + orderNo);
			return 1;
		}
		// what became of it: the pipeline pays within a second or two when the balance covers the order
		Optional<Order> paid = awaitStatus(orderNo, "PAID", PAY_WAIT);
		if (paid.isPresent()) {
			this.out.println("Order " + describe(paid.get()) + "; user " + order.userId() + " balance "
					+ ledger().account(order.userId()).map(a -> a.balance().toPlainString()).orElse("?"));
			next("./payonce pay " + orderNo + "   (the same payment again: DUPLICATE, nothing deducted)");
		}
		else {
			this.out.println("Order " + orderNo + " is not PAID after " + PAY_WAIT.toSeconds() + " s: the payment waits"
					+ " on the retry ladder (a low balance, an unknown account) or went to the terminal topic. Why:"
					+ " ./payonce logs deduct-consumer; the ops console " + this.state.getProperty("dlt-handler.url", "")
					+ "/ lists terminal records.");
			next("./payonce topup " + order.userId() + " <amount>   if the balance is too low, then ./payonce show "
					+ orderNo + " PAID");
		}
		return 0;
	}

	private int topUp(List<String> args) {
		usage(args, 2, 3, "./payonce topup <userId> <amount> [reference, default TU-<userId>-<time>]");
		long userId = userId(args.get(0));
		BigDecimal amount = amount(args.get(1));
		String reference = (args.size() > 2) ? args.get(2)
				: "TU-" + userId + "-" + Long.toString(this.clock.millis(), 36).toUpperCase(Locale.ROOT);
		String currency = ledger().account(userId)
			.map(Account::currency)
			.orElseThrow(() -> new UsageException(
					"No account for user " + userId + ": open it first, ./payonce account " + userId));
		OpsApi.Exchange answer = ops().topUp(userId, amount, currency, reference, "./payonce topup");
		this.out.println(answer.request() + "   (as the local ADMIN)");
		this.out.println("-> " + answer.status() + " " + answer.body());
		next("./payonce balance " + userId + "   or an order to pay: ./payonce order <orderNo> " + userId
				+ " <amount>");
		return (answer.status() == 201 || answer.status() == 200) ? 0 : 1;
	}

	private int freeze(List<String> args, boolean freeze) {
		String verb = freeze ? "freeze" : "unfreeze";
		usage(args, 2, Integer.MAX_VALUE, "./payonce " + verb + " <userId> <reason, required: audited>");
		long userId = userId(args.get(0));
		OpsApi.Exchange answer = ops().freeze(userId, freeze, String.join(" ", args.subList(1, args.size())));
		this.out.println(answer.request() + "   (as the local ADMIN)");
		this.out.println("-> " + answer.status() + " " + answer.body());
		next(freeze ? "its payments now wait with ACCOUNT_FROZEN; when repaired: ./payonce unfreeze " + userId
				+ " <reason>" : "./payonce balance " + userId);
		return (answer.status() == 200) ? 0 : 1;
	}

	private int show(List<String> args) {
		usage(args, 1, 2, "./payonce show <orderNo> [status to wait for, up to 60 s: PAID, …]");
		String orderNo = args.get(0);
		TradeLedger ledger = ledger();
		if (args.size() > 1) {
			String expected = args.get(1).toUpperCase(Locale.ROOT);
			if (awaitStatus(orderNo, expected, SHOW_WAIT).isEmpty()) {
				this.out.println("Order " + orderNo + " did not become " + expected + " within " + SHOW_WAIT.toSeconds()
						+ " s.");
				show(List.of(orderNo));
				return 1;
			}
		}
		Optional<Order> order = ledger.order(orderNo);
		if (order.isEmpty()) {
			this.out.println("No order " + orderNo + ".");
			next("./payonce order " + orderNo + " <userId> <amount>");
			return 1;
		}
		this.out.println("Order " + describe(order.get()));
		List<Flow> flows = ledger.flows(orderNo);
		if (flows.isEmpty()) {
			this.out.println("  no flow yet");
		}
		flows.forEach(flow -> this.out.printf("  flow %s %s of user %d%n", flow.type(), flow.amount().toPlainString(),
				flow.userId()));
		ledger.account(order.get().userId())
			.ifPresentOrElse(
					account -> this.out.printf("  user %d balance %s %s%n", account.userId(),
							account.balance().toPlainString(), account.currency()),
					() -> this.out.printf("  user %d has no account%n", order.get().userId()));
		if ("INIT".equals(order.get().status())) {
			next("look at the retry ladder in the ops console " + this.state.getProperty("dlt-handler.url", "")
					+ " (admin/admin-local); a low balance: ./payonce topup " + order.get().userId() + " <amount>");
		}
		else {
			next("./payonce audit   (the ledger audit of today)");
		}
		return 0;
	}

	private int balance(List<String> args) {
		usage(args, 1, 1, "./payonce balance <userId>");
		long userId = userId(args.get(0));
		Optional<Account> account = ledger().account(userId);
		if (account.isEmpty()) {
			this.out.println("User " + userId + " has no account.");
			next("./payonce account " + userId);
			return 1;
		}
		this.out.printf("User %d balance %s %s%n", userId, account.get().balance().toPlainString(),
				account.get().currency());
		next("./payonce order <orderNo> " + userId + " <amount>, then ./payonce pay <orderNo>");
		return 0;
	}

	private int terminal(List<String> args) {
		usage(args, 1, 1, "./payonce terminal <orderNo>");
		String orderNo = args.get(0);
		OpsApi console = new OpsApi(service("dlt-handler"));
		String marker = "\"orderNo\":\"" + orderNo + "\"";
		long deadline = System.nanoTime() + Duration.ofSeconds(TERMINAL_WAIT_SECONDS).toNanos();
		OpsApi.Exchange answer = console.terminal(orderNo);
		while (answer.status() == 200 && !answer.body().contains(marker) && System.nanoTime() < deadline) {
			ProcessNode.pauseBriefly();
			answer = console.terminal(orderNo);
		}
		this.out.println(answer.request());
		this.out.println("-> " + answer.status() + " " + answer.body());
		if (!answer.body().contains(marker)) {
			this.out.println("No terminal record of " + orderNo + " within " + TERMINAL_WAIT_SECONDS + " s.");
			next("./payonce show " + orderNo + "   (paid, or still on the retry ladder?)");
			return 1;
		}
		next("./payonce topup <userId> <amount>   if the balance was too low, then ./payonce replay " + orderNo);
		return 0;
	}

	private int replay(List<String> args) {
		usage(args, 1, 1, "./payonce replay <orderNo>");
		String orderNo = args.get(0);
		OpsApi.Exchange answer = new OpsApi(service("dlt-handler")).replay(orderNo);
		this.out.println(answer.request() + "   (as the local ADMIN)");
		this.out.println("-> " + answer.status() + " " + answer.body());
		next("./payonce show " + orderNo + " PAID");
		return (answer.status() == 200) ? 0 : 1;
	}

	private int audit(List<String> args) {
		usage(args, 0, 2, "./payonce audit [from] [to]   (dates or ISO instants; default today, UTC)");
		String today = LocalDate.ofInstant(this.clock.instant(), ZoneOffset.UTC).toString();
		String from = args.isEmpty() ? today : args.get(0);
		String to = (args.size() > 1) ? args.get(1) : (args.isEmpty() ? today : from);
		OpsApi.Exchange answer = ops().audit(from, to);
		this.out.println(answer.request());
		this.out.println(answer.body());
		this.out.println("Balanced: " + answer.balancedHeader() + " (HTTP " + answer.status() + ")");
		next("curl -u viewer:viewer-local '" + ops().auditUrl(from, to) + "&view=full'   (every account and business"
				+ " number)");
		return (answer.status() == 200) ? 0 : 1;
	}

	/** The order once it has this status, or empty if it has not within {@code timeout}. */
	private Optional<Order> awaitStatus(String orderNo, String status, Duration timeout) {
		TradeLedger ledger = ledger();
		long deadline = System.nanoTime() + timeout.toNanos();
		do {
			Optional<Order> order = ledger.order(orderNo).filter(found -> found.status().equals(status));
			if (order.isPresent()) {
				return order;
			}
			ProcessNode.pauseBriefly();
		}
		while (System.nanoTime() < deadline);
		return Optional.empty();
	}

	private void next(String command) {
		this.out.println("Next: " + command);
	}

	private TradeLedger ledger() {
		String port = this.state.getProperty("mariadb.port");
		if (port == null) {
			throw new IllegalStateException("PayOnce is not up: ./payonce up");
		}
		return new TradeLedger(Integer.parseInt(port));
	}

	private String service(String name) {
		String url = this.state.getProperty(name + ".url");
		if (url == null) {
			throw new IllegalStateException(name + " is not running: ./payonce status");
		}
		return url;
	}

	private OpsApi ops() {
		return new OpsApi(service("reconciliation"));
	}

	private static String describe(Order order) {
		return order.orderNo() + " of user " + order.userId() + ": " + order.amount().toPlainString() + " "
				+ order.currency() + ", " + order.status();
	}

	private static void usage(List<String> args, int min, int max, String usage) {
		if (args.size() < min || args.size() > max) {
			throw new UsageException("usage: " + usage);
		}
	}

	private static long userId(String text) {
		try {
			long userId = Long.parseLong(text);
			if (userId > 0) {
				return userId;
			}
		}
		catch (NumberFormatException ex) {
			// answered below
		}
		throw new UsageException("userId must be a positive number, not '" + text + "'");
	}

	private static BigDecimal amount(String text) {
		try {
			BigDecimal amount = new BigDecimal(text);
			if (amount.signum() > 0 && amount.stripTrailingZeros().scale() <= 2) {
				return amount.setScale(2);
			}
		}
		catch (NumberFormatException ex) {
			// answered below
		}
		throw new UsageException("amount must be positive with at most 2 decimals (199.00), not '" + text + "'");
	}

	/** Wrong arguments: the usage line, exit 64. */
	static final class UsageException extends RuntimeException {

		UsageException(String message) {
			super(message);
		}

	}

}
