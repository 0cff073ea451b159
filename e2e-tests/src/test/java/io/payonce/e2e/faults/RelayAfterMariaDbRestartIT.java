package io.payonce.e2e.faults;

import java.time.Duration;

import io.payonce.e2e.support.PaySuccessRecords;
import io.payonce.e2e.support.PaymentFixture;
import io.payonce.e2e.support.Pipeline;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.platform.callback.PayCallback;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * What the fault suite's MariaDB scenario showed on its own: after a restart of MariaDB the relay must resume by
 * itself (outbox-relay/README.md: "the connector reconnects and resumes (retries forever)", retry delay at most
 * 10 s), without anyone restarting it. It failed 4 of 4 until the relay set Debezium's
 * {@code connect.keep.alive.interval.ms} (1 min by default) from {@code payonce.relay.database.reconnect-interval}.
 */
class RelayAfterMariaDbRestartIT {

	private static final Duration RESUME_WITHIN = Duration.ofSeconds(90);

	@Test
	void theRelayResumesPublishingByItselfAfterMariaDbRestarts() {
		LocalStack stack = LocalStack.shared();
		try (Pipeline pipeline = Pipeline.start(stack, "outbox-relay", "producer-gateway");
				PaySuccessRecords paySuccess = new PaySuccessRecords(stack.kafka().bootstrapServers())) {
			TradeLedger ledger = pipeline.ledger();
			ServiceProcess relay = pipeline.service("outbox-relay");
			PayCallback before = PaymentFixture.aCallback();
			assertThat(pipeline.callbacks().send(before).status()).isEqualTo(200);
			await().atMost(Duration.ofMinutes(1)).untilAsserted(() -> assertThat(paySuccess.withKey(before.orderNo())).hasSize(1));

			// when MariaDB restarts
			stack.mariaDb().stop();
			stack.mariaDb().start();
			PayCallback after = PaymentFixture.aCallback();
			await().atMost(Duration.ofMinutes(1)).until(() -> pipeline.callbacks().send(after).status() == 200);
			assertThat(ledger.paymentCount(after.orderNo())).isEqualTo(1);

			// then the relay, never restarted, publishes the new payment's event and reports UP again
			long pid = relay.pid();
			try {
				await().atMost(RESUME_WITHIN).pollInterval(Duration.ofSeconds(1))
					.until(() -> paySuccess.withKey(after.orderNo()).size() == 1 && relay.isHealthy());
			}
			catch (ConditionTimeoutException ex) {
				throw new AssertionError("relay did not resume within " + RESUME_WITHIN + " after MariaDB restarted: "
						+ io.payonce.e2e.support.Actuator.health(relay) + "; last warnings: " + FaultBench.logTail(relay, 6), ex);
			}
			assertThat(relay.pid()).isEqualTo(pid);
		}
	}

}
