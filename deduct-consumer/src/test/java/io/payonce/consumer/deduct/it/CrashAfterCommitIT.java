package io.payonce.consumer.deduct.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.payonce.contract.PaySuccess;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * A consumer process killed after its database commit and before its offset commit (and before its Redis
 * entry became DONE): the survivor gets the record again, finds a PROCESSING entry of a dead owner, asks the
 * database, and deducts nothing twice. The incident's "SET NX never cleared" variant loses nothing either.
 */
class CrashAfterCommitIT {

	private static final LocalStack stack = LocalStack.shared();

	private static final String group = Fixtures.aGroup("crash");

	private static PaymentTopics topics;

	private static TradeDatabase trade;

	private static Process crashing;

	private static ConsumerInstance survivor;

	@BeforeAll
	static void prepare() {
		topics = new PaymentTopics(stack);
		topics.startGroupAtEnd(group);
		trade = new TradeDatabase(stack);
	}

	@AfterAll
	static void cleanUp() {
		if (crashing != null && crashing.isAlive()) {
			crashing.destroyForcibly();
		}
		if (survivor != null) {
			survivor.close();
		}
		topics.close();
	}

	@Test
	void aConsumerKilledAfterItsCommitAndBeforeItsOffsetCommitCausesNoSecondDeduction() throws Exception {
		// given: a consumer process that will die right after committing this order's deduction
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		trade.account(user, "500.00");
		trade.order(orderNo, user, "199.00", "INIT");
		PaySuccess payment = Fixtures.aPayment(orderNo, user, "199.00");
		long committedBefore = topics.committed(group);
		crashing = startCrashingConsumer(orderNo);

		// when
		topics.publish(payment);

		// then: it deducted, died, and committed no offset
		assertThat(crashing.waitFor(180, TimeUnit.SECONDS)).as("the consumer process crashed").isTrue();
		assertThat(crashing.exitValue()).isEqualTo(CrashAfterCommitMain.EXIT_CODE);
		assertThat(trade.deductions(orderNo)).isEqualTo(1);
		assertThat(topics.committed(group)).isEqualTo(committedBefore);

		// and when a survivor takes over the partition
		survivor = ConsumerInstance.start(stack, "crash-survivor", group, Map.of());

		// then: the redelivery is a duplicate of the database, and Redis ends DONE
		await().atMost(Duration.ofSeconds(90))
			.untilAsserted(() -> assertThat(survivor.count("DUPLICATE", "state")).isEqualTo(1.0));
		await().atMost(Duration.ofSeconds(30))
			.untilAsserted(() -> assertThat(topics.committed(group)).isEqualTo(topics.end()));
		assertThat(trade.deductions(orderNo)).isEqualTo(1);
		assertThat(trade.balance(user)).isEqualByComparingTo(new BigDecimal("301.00"));
		assertThat(survivor.total("FIRST")).isZero();
		String entry = survivor.bean(RedissonClient.class)
			.<String>getBucket("payonce:deduct:" + orderNo, StringCodec.INSTANCE)
			.get();
		assertThat(entry).startsWith("DONE|" + payment.fingerprint() + "|");
	}

	private static Process startCrashingConsumer(String orderNo) throws IOException {
		Path log = Paths.get("target", "crash-after-commit-" + orderNo + ".log");
		Files.createDirectories(log.getParent());
		List<String> command = new ArrayList<>();
		command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
		command.add("-Dcrash.order-no=" + orderNo);
		command.add("-cp");
		command.add(System.getProperty("java.class.path"));
		command.add(CrashAfterCommitMain.class.getName());
		command.addAll(List.of(ConsumerInstance.arguments(stack, "crashing", group, Map.of())));
		return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
	}

}
