package io.payonce.simulator;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

import io.payonce.platform.callback.PayCallback;
import io.payonce.simulator.callback.Attempt;
import io.payonce.simulator.callback.CallbackDelivery;
import io.payonce.simulator.callback.CallbackSender;
import io.payonce.simulator.callback.DeliveryState;
import io.payonce.simulator.callback.RetrySchedule;
import io.payonce.simulator.journal.Journal;
import io.payonce.simulator.payment.ChargeRequest;
import io.payonce.simulator.payment.Fault;
import io.payonce.simulator.payment.FaultPlan;
import io.payonce.simulator.payment.Platform;
import io.payonce.simulator.payment.PlatformSettings;
import io.payonce.simulator.statement.StatementArchive;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The dispatcher's threads against a sender that answers from a script: no server. */
class CallbackDispatcherTest {

	/** Slots 100 ms apart for 3 s. */
	private static final RetrySchedule FAST = new RetrySchedule(List.of(Duration.ofMillis(100)), Duration.ofSeconds(3));

	private final ScriptedSender sender = new ScriptedSender();

	private CallbackDispatcher dispatcher;

	@AfterEach
	void stop() {
		if (this.dispatcher != null) {
			this.dispatcher.close();
		}
	}

	@Test
	void aCallbackAnswered503IsSentAgainInItsSlotsUntilA200() {
		// given a merchant that answers 503 twice, then 200
		this.sender.script(503, 503, 200);
		Platform platform = platform(Journal.inMemory());
		this.dispatcher = new CallbackDispatcher(platform, this.sender, Clock.systemUTC(), 4).start();

		// when a payment is made
		String payNo = platform.charge(aCharge("ORD-1")).payments().get(0).payNo();
		this.dispatcher.wakeUp();

		// then three attempts are recorded, 503, 503, 200, none before its slot (100 ms apart), and it is delivered
		await().atMost(Duration.ofSeconds(10))
			.until(() -> platform.deliveriesOf(payNo).get(0).state() == DeliveryState.DELIVERED);
		CallbackDelivery delivery = platform.deliveriesOf(payNo).get(0);
		assertThat(delivery.attempts()).extracting(Attempt::status).containsExactly(503, 503, 200);
		for (int slot = 0; slot < 3; slot++) {
			assertThat(delivery.attempts().get(slot).at()).as("attempt %d", slot + 1)
				.isAfterOrEqualTo(delivery.firstAttemptAt().plusMillis(100L * slot));
		}
		assertThat(this.sender.sent).extracting(PayCallback::payNo).containsExactly(payNo, payNo, payNo);
	}

	@Test
	void aLostCallbackIsNeverSentWhileTheOthersAre() {
		this.sender.script(200, 200);
		Platform platform = platform(Journal.inMemory());
		this.dispatcher = new CallbackDispatcher(platform, this.sender, Clock.systemUTC(), 4).start();

		String lost = platform.charge(aCharge("ORD-LOST").withFaults(Set.of(Fault.LOSE_CALLBACK))).payments().get(0).payNo();
		String sent = platform.charge(aCharge("ORD-SENT")).payments().get(0).payNo();
		this.dispatcher.wakeUp();

		await().atMost(Duration.ofSeconds(10))
			.until(() -> platform.deliveriesOf(sent).get(0).state() == DeliveryState.DELIVERED);
		assertThat(this.sender.sent).extracting(PayCallback::payNo).containsExactly(sent);
		assertThat(platform.deliveriesOf(lost)).isEmpty();
	}

	@Test
	void aJournalThatCannotBeWrittenStopsTheDispatcherInsteadOfSendingWhatItCannotRemember() {
		// given a journal that fails from its third entry on (opened, charged, then the first attempt)
		this.sender.script(503, 503, 503);
		FailingJournal journal = new FailingJournal(2);
		Platform platform = platform(journal);
		this.dispatcher = new CallbackDispatcher(platform, this.sender, Clock.systemUTC(), 1).start();

		// when the first attempt is to be recorded
		platform.charge(aCharge("ORD-1"));
		this.dispatcher.wakeUp();

		// then the dispatcher stops with the reason, and no further attempt is made
		await().atMost(Duration.ofSeconds(10)).until(() -> this.dispatcher.failure() != null);
		assertThat(this.dispatcher.isRunning()).isFalse();
		assertThat(this.dispatcher.failure()).hasMessageContaining("disk full");
		assertThat(this.sender.sent).hasSize(1);
	}

	private static Platform platform(Journal journal) {
		return new Platform(PlatformSettings.defaults(), FaultPlan.none(), FAST, journal, StatementArchive.inMemory(),
				Clock.systemUTC());
	}

	private static ChargeRequest aCharge(String orderNo) {
		return ChargeRequest.of(orderNo, 10086, new BigDecimal("25.00"), "CNY");
	}

	/** Answers with the scripted statuses in turn; records what it was sent. */
	private static final class ScriptedSender implements CallbackSender {

		private final Queue<Integer> statuses = new ConcurrentLinkedQueue<>();

		private final Queue<PayCallback> sent = new ConcurrentLinkedQueue<>();

		void script(Integer... answers) {
			this.statuses.addAll(List.of(answers));
		}

		@Override
		public Answer send(PayCallback callback) {
			this.sent.add(callback);
			Integer status = this.statuses.poll();
			return status == null ? Answer.none("script exhausted") : Answer.of(status, "{}");
		}

	}

	/** Accepts {@code good} entries, then fails every append. */
	private static final class FailingJournal implements Journal {

		private final Journal entries = Journal.inMemory();

		private final AtomicInteger left;

		FailingJournal(int good) {
			this.left = new AtomicInteger(good);
		}

		@Override
		public List<Entry> entries() {
			return this.entries.entries();
		}

		@Override
		public void append(Entry entry) {
			if (this.left.getAndDecrement() <= 0) {
				throw new IllegalStateException("disk full");
			}
			this.entries.append(entry);
		}

	}

}
