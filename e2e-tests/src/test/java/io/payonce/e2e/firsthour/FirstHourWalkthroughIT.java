package io.payonce.e2e.firsthour;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.infra.pipeline.TradeLedger.Flow;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A new user's first hour, as the README tells it: every shell block of its "Your first hour" section, run as
 * written with bash from the repository root, in order, against a fresh stack started by {@code ./payonce up} (the
 * real Kafka, MariaDB, Redis and the services' exec jars), and after each block what it printed and what the ledger
 * holds: seed (an account, an audited top-up, an order), a callback signed by hand, the lookup, pay and pay again,
 * a balance too low (waiting on the retry ladder), a top-up that lets the next retry pay, a payment whose ladder
 * runs out (terminal), topped up and replayed, the findings and the audit summary (balanced with the top-ups), one
 * service restarted, and a reset that leaves nothing running and no data. What each step printed is kept in
 * {@code target/first-hour/walkthrough.md}: what a reader of the README sees.
 * <p>
 * {@code ./payonce} uses the fixed local ports (8081-8086, 19092, 13306, 16379): run it under the shared lock, with
 * nothing else on those ports. Its state goes to a temporary {@code PAYONCE_DIR}, never the developer's
 * {@code .payonce/}; {@code PAYONCE_SKIP_BUILD} keeps it from building (the reactor built the jars before this test).
 */
class FirstHourWalkthroughIT {

	/** The README's steps, in order; {@link ReadmeShellBlocksAreRunOrSayWhyTest} holds the README to this list. */
	static final List<String> STEPS = List.of("up", "seed", "sign-by-hand", "lookup", "pay-twice", "low-balance",
			"top-up-pays", "terminal-replay", "reconcile", "restart", "reset");

	private static final long STEP_TIMEOUT_MINUTES = 6;

	private static final int MARIADB_PORT = 13306;

	private static Path stateDir;

	private final TradeLedger ledger = new TradeLedger(MARIADB_PORT);

	@BeforeAll
	static void freshStateDir() throws IOException {
		stateDir = Files.createTempDirectory("payonce-first-hour-");
	}

	@AfterAll
	static void nothingLeftRunning() throws Exception {
		// the walkthrough ends with a reset; after a failure half-way, this stops what it started
		if (stateDir != null) {
			run("./payonce down");
			try (Stream<Path> files = Files.walk(stateDir)) {
				files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
			}
		}
	}

	@Test
	void aNewUserFollowsTheReadmeForAnHour() throws Exception {
		Map<String, String> blocks = new LinkedHashMap<>();
		ReadmeShellBlocks.walkthrough().forEach(block -> blocks.put(block.step(), block.script()));
		assertThat(blocks.keySet()).containsExactlyElementsOf(STEPS);

		// up: the stack and every service, healthy
		String up = step(blocks, "up");
		assertThat(up).contains("PayOnce is up", "reconciliation", "Ops console");

		// seed: an empty account, money only by an audited top-up, an INIT order
		String seed = step(blocks, "seed");
		assertThat(seed).contains("Account of user 10086 in CNY, balance 0.00", "\"outcome\":\"TOPPED_UP\"",
				"Order P1 of user 10086: 199.00 CNY, INIT", "Next: ./payonce pay P1");
		assertThat(this.ledger.balance(10086)).hasValueSatisfying(b -> assertThat(b).isEqualByComparingTo("500.00"));
		assertThat(this.ledger.flows("TU-FIRST-HOUR")).singleElement()
			.satisfies(flow -> assertThat(flow.type()).isEqualTo("TOP_UP"));

		// a callback signed by hand with openssl: accepted, paid once
		String byHand = step(blocks, "sign-by-hand");
		assertThat(byHand).contains("HTTP/1.1 200", "\"result\":\"ACCEPTED\"", "Order P1 of user 10086: 199.00 CNY, PAID",
				"flow PAY_DEDUCT -199.00 of user 10086", "user 10086 balance 301.00 CNY");

		// the lookup shows what the gateway recorded
		assertThat(step(blocks, "lookup")).contains("PN1", "P1");

		// pay, pay again: the second is a duplicate and deducts nothing
		String payTwice = step(blocks, "pay-twice");
		assertThat(payTwice).contains("\"result\":\"ACCEPTED\"", "\"result\":\"DUPLICATE\"",
				"Order P2 of user 10086: 100.00 CNY, PAID");
		assertThat(deductions("P2")).hasSize(1);
		assertThat(this.ledger.balance(10086)).hasValueSatisfying(b -> assertThat(b).isEqualByComparingTo("201.00"));

		// a balance too low: not paid, not lost, pending on the retry ladder (the dlt-handler's log says when)
		String lowBalance = step(blocks, "low-balance");
		assertThat(lowBalance).contains("Order P3 is not PAID after").containsPattern("\\(key P3\\) attempt 1 failed");
		assertThat(this.ledger.orderStatus("P3")).contains("INIT");
		assertThat(deductions("P3")).isEmpty();

		// a top-up, and the next retry pays it
		String topUpPays = step(blocks, "top-up-pays");
		assertThat(topUpPays).contains("\"outcome\":\"TOPPED_UP\"", "Order P3 of user 10086: 250.00 CNY, PAID");
		assertThat(deductions("P3")).hasSize(1);
		assertThat(this.ledger.balance(10086)).hasValueSatisfying(b -> assertThat(b).isEqualByComparingTo("51.00"));

		// an empty account: the ladder runs out, the record is terminal; a top-up and a replay pay it, once
		String terminalReplay = step(blocks, "terminal-replay");
		assertThat(terminalReplay).contains("Order P4 is not PAID after", "\"orderNo\":\"P4\"",
				"\"outcome\":\"TOPPED_UP\"", "\"replayed\":[\"", "Order P4 of user 10087: 30.00 CNY, PAID");
		assertThat(deductions("P4")).hasSize(1);
		assertThat(this.ledger.balance(10087)).hasValueSatisfying(b -> assertThat(b).isEqualByComparingTo("0.00"));

		// the findings over HTTP, and the audit of today balances with the top-ups
		String reconcile = step(blocks, "reconcile");
		assertThat(reconcile).contains("\"findings\":[", "**BALANCED**", "| top-ups | 3 | 630.00 |",
				"| deductions | 4 | 579.00 |", "Balanced: true");

		// one service restarted: a new process, UP, the rest untouched
		String restart = step(blocks, "restart");
		Matcher pids = Pattern.compile("Stopped deduct-consumer \\(pid (\\d+)\\)[\\s\\S]*Started deduct-consumer \\(pid (\\d+)\\)")
			.matcher(restart);
		assertThat(pids.find()).as(restart).isTrue();
		assertThat(pids.group(2)).isNotEqualTo(pids.group(1));
		assertThat(restart).containsPattern("deduct-consumer\\s+UP\\s+" + pids.group(2));

		// reset: nothing runs, no data is left
		String reset = step(blocks, "reset");
		assertThat(reset).contains("Deleted all local data");
		assertThat(run("./payonce status || echo \"status exit $?\"")).contains("Nothing runs", "status exit 3");
		try (Stream<Path> left = Files.list(stateDir)) {
			assertThat(left.map(path -> path.getFileName().toString())).isSubsetOf(List.of("build.stamp"));
		}
	}

	private List<Flow> deductions(String orderNo) {
		return this.ledger.flows(orderNo).stream().filter(flow -> "PAY_DEDUCT".equals(flow.type())).toList();
	}

	/** Runs the README block of this step; it must succeed. Its script and output go to the transcript. */
	private static String step(Map<String, String> blocks, String step) throws Exception {
		String output = run(blocks.get(step));
		Path transcript = Path.of("target", "first-hour", "walkthrough.md");
		Files.createDirectories(transcript.getParent());
		if (step.equals(STEPS.get(0))) {
			Files.writeString(transcript, "# The README's first hour, as run by FirstHourWalkthroughIT\n\n");
		}
		Files.writeString(transcript, "## " + step + "\n\n```bash\n" + blocks.get(step) + "```\n\n```\n" + output
				+ "```\n\n", java.nio.file.StandardOpenOption.APPEND);
		return output;
	}

	/** Runs a script with bash from the repository root, as a reader would paste it; fails the test on exit != 0. */
	private static String run(String script) throws Exception {
		Path log = Files.createTempFile(stateDir.getParent(), "first-hour-step-", ".log");
		try {
			ProcessBuilder bash = new ProcessBuilder("bash", "-e", "-o", "pipefail", "-c", script)
				.directory(ReadmeShellBlocks.root().toFile())
				.redirectErrorStream(true)
				.redirectOutput(log.toFile());
			bash.environment().put("PAYONCE_DIR", stateDir.toString());
			bash.environment().put("PAYONCE_SKIP_BUILD", "1");
			Process process = bash.start();
			boolean ended = process.waitFor(STEP_TIMEOUT_MINUTES, TimeUnit.MINUTES);
			if (!ended) {
				process.destroyForcibly();
			}
			String output = Files.readString(log, StandardCharsets.UTF_8);
			assertThat(ended).as("still running after %d min:%n%s%n%s", STEP_TIMEOUT_MINUTES, script, output).isTrue();
			assertThat(process.exitValue()).as("exit value of%n%s%noutput:%n%s", script, output).isZero();
			return output;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		finally {
			Files.deleteIfExists(log);
		}
	}

}
