package io.payonce.dlt.console;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import io.payonce.dlt.MutableClock;
import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.AuditTrail;
import io.payonce.dlt.terminal.ListAuditTrail;
import io.payonce.dlt.terminal.OrderLogContext;
import io.payonce.dlt.terminal.TerminalFilter;
import io.payonce.dlt.terminal.TerminalIndex;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.dlt.terminal.TerminalStatus;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.tuple;

class ReplayServiceTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:00Z");

	private final MutableClock clock = new MutableClock(T0);

	private final TerminalIndex index = new TerminalIndex();

	private final ListAuditTrail audit = new ListAuditTrail(this.index);

	private ReplayService service;

	@BeforeEach
	void setUp() {
		this.service = service(this.audit, 3, "replay-1");
		this.index.arrived(record("evt-1", "P1", "RETRIES_EXHAUSTED", T0.minusSeconds(300), "0:1"));
		this.index.arrived(record("evt-2", "P2", "CONFLICT", T0.minusSeconds(200), "0:2"));
		this.index.arrived(record("evt-3", "P3", "RETRIES_EXHAUSTED", T0.minusSeconds(100), "1:1"));
	}

	@Test
	void aDryRunPublishesNothingChangesNothingAndIsAudited() {
		ReplayService.ReplayOutcome outcome = this.service.replay(
				new ReplayService.Selection(null, new TerminalFilter("RETRIES_EXHAUSTED", null, null, null, null)), true,
				"alice");

		assertThat(outcome.selected()).extracting(TerminalRecord::eventId).containsExactly("evt-1", "evt-3");
		assertThat(this.audit.replays()).isEmpty();
		assertThat(this.index.find("evt-1").orElseThrow().status()).isEqualTo(TerminalStatus.OPEN);
		assertThat(this.audit.entries()).singleElement()
			.satisfies(entry -> assertThat(entry.action()).isEqualTo("REPLAY_DRY_RUN"));
	}

	@Test
	void replayingAFilterPublishesEachOpenMatchOnceMarksItReplayedAndAuditsWhoAndWhat() {
		ReplayService.ReplayOutcome outcome = this.service.replay(
				new ReplayService.Selection(null, new TerminalFilter("RETRIES_EXHAUSTED", null, null, null, null)), false,
				"alice");

		assertThat(outcome.replayed()).containsExactly("evt-1", "evt-3");
		assertThat(this.audit.replays()).containsExactly("evt-1@replay-1", "evt-3@replay-1");
		assertThat(this.index.find("evt-3").orElseThrow().status()).isEqualTo(TerminalStatus.REPLAYED);
		assertThat(this.audit.entries()).extracting(AuditEntry::id, AuditEntry::result)
			.containsExactly(tuple("replay-1", "STARTED: replaying 2"), tuple("replay-1", "OK: replayed 2"));
		AuditEntry entry = this.audit.entries().get(1);
		assertThat(entry.actor()).isEqualTo("alice");
		assertThat(entry.at()).isEqualTo(T0);
		assertThat(entry.eventIds()).containsExactly("evt-1", "evt-3");
		assertThat(entry.changes()).hasSize(2);

		// and replaying the same filter again selects nothing: replayed records are no longer open
		assertThat(this.service.replay(new ReplayService.Selection(null, TerminalFilter.all()), false, "alice")
			.replayed()).containsExactly("evt-2");
	}

	@Test
	void anOccurrenceIsReplayedOnceEvenWhenNamedAgain() {
		this.service.replay(new ReplayService.Selection(List.of("evt-1"), null), false, "alice");

		ReplayService.ReplayOutcome second = this.service.replay(new ReplayService.Selection(List.of("evt-1"), null),
				false, "bob");

		assertThat(second.selected()).isEmpty();
		assertThat(this.audit.replays()).containsExactly("evt-1@replay-1");
		assertThat(this.audit.entries()).last()
			.satisfies(entry -> assertThat(entry.result()).startsWith("REJECTED: nothing to replay"));
	}

	@Test
	void aRecordThatFailsAgainAfterItsReplayIsANewOccurrenceAndMayBeReplayed() {
		this.service.replay(new ReplayService.Selection(List.of("evt-1"), null), false, "alice");
		this.index.arrived(record("evt-1", "P1", "RETRIES_EXHAUSTED", T0.plusSeconds(600), "0:7"));

		ReplayService.ReplayOutcome again = this.service.replay(new ReplayService.Selection(List.of("evt-1"), null),
				false, "alice");

		assertThat(again.replayed()).containsExactly("evt-1");
		assertThat(this.audit.replays()).hasSize(2);
	}

	@Test
	void twoOperatorsReplayingTheSameRecordAtOnceReplayItOnce() throws Exception {
		// given two services (two instances) on one trail, each with its own view of the terminal topic
		TerminalIndex otherView = new TerminalIndex();
		otherView.arrived(record("evt-1", "P1", "RETRIES_EXHAUSTED", T0.minusSeconds(300), "0:1"));
		AtomicInteger ids = new AtomicInteger();
		ReplayService a = new ReplayService(this.index, this.audit, new ReplayRateLimit(100, Duration.ofMinutes(1)),
				this.clock, () -> "a-" + ids.incrementAndGet());
		ReplayService b = new ReplayService(otherView, this.audit, new ReplayRateLimit(100, Duration.ofMinutes(1)),
				this.clock, () -> "b-" + ids.incrementAndGet());
		CountDownLatch go = new CountDownLatch(1);
		ExecutorService pool = Executors.newFixedThreadPool(2);
		try {
			List<Future<ReplayService.ReplayOutcome>> outcomes = new ArrayList<>();
			for (ReplayService service : List.of(a, b)) {
				Callable<ReplayService.ReplayOutcome> replay = () -> {
					go.await();
					return service.replay(new ReplayService.Selection(List.of("evt-1"), null), false, "ops");
				};
				outcomes.add(pool.submit(replay));
			}

			// when both operators press replay at the same moment
			go.countDown();

			// then one replay was made, the other was told nothing was left
			List<Integer> replayed = new ArrayList<>();
			for (Future<ReplayService.ReplayOutcome> outcome : outcomes) {
				replayed.add(outcome.get().replayed().size());
			}
			assertThat(replayed).containsExactlyInAnyOrder(1, 0);
			assertThat(this.audit.replays()).hasSize(1);
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void aSelectionLargerThanTheRateLimitIsRefusedWhole() {
		this.service.replay(new ReplayService.Selection(List.of("evt-1", "evt-2"), null), false, "alice");
		this.index.arrived(record("evt-4", "P4", "CONFLICT", T0.minusSeconds(50), "1:2"));

		assertThatExceptionOfType(ReplayService.RateLimitedException.class).isThrownBy(() -> this.service
			.replay(new ReplayService.Selection(List.of("evt-3", "evt-4"), null), false, "alice"));

		assertThat(this.audit.replays()).hasSize(2);
		assertThat(this.audit.entries()).last().satisfies(entry -> assertThat(entry.result()).startsWith("REJECTED"));
	}

	@Test
	void theRateLimitCountsTheReplaysOfEveryInstanceInTheWindow() {
		// given another instance replayed two records on the same trail
		TerminalIndex otherView = new TerminalIndex();
		otherView.arrived(record("evt-1", "P1", "RETRIES_EXHAUSTED", T0.minusSeconds(300), "0:1"));
		otherView.arrived(record("evt-2", "P2", "CONFLICT", T0.minusSeconds(200), "0:2"));
		new ReplayService(otherView, this.audit, new ReplayRateLimit(3, Duration.ofMinutes(1)), this.clock,
				() -> "other").replay(new ReplayService.Selection(List.of("evt-1", "evt-2"), null), false, "bob");
		this.index.arrived(record("evt-4", "P4", "CONFLICT", T0.minusSeconds(50), "1:2"));

		// then this one has room for one more in the window, and for two once the window has passed
		assertThatExceptionOfType(ReplayService.RateLimitedException.class).isThrownBy(() -> this.service
			.replay(new ReplayService.Selection(List.of("evt-3", "evt-4"), null), false, "alice"));
		this.clock.set(T0.plus(Duration.ofMinutes(1)));
		assertThat(this.service.replay(new ReplayService.Selection(List.of("evt-3", "evt-4"), null), false, "alice")
			.replayed()).containsExactly("evt-3", "evt-4");
	}

	@Test
	void aResolvedRecordIsNeverReplayed() {
		assertThat(this.service.resolve("evt-2", "refunded by hand", "alice")).isPresent();

		ReplayService.ReplayOutcome outcome = this.service
			.replay(new ReplayService.Selection(List.of("evt-2"), null), false, "alice");

		assertThat(outcome.selected()).isEmpty();
		assertThat(this.audit.replays()).isEmpty();
		assertThat(this.index.find("evt-2").orElseThrow().note()).isEqualTo("refunded by hand");
		assertThat(this.service.resolve("evt-2", "again", "alice")).isEmpty();
		assertThat(this.service.resolve("evt-unknown", "x", "alice")).isEmpty();
	}

	@Test
	void aTurnThatCannotBeCommittedReplaysNothingLeavesTheRecordOpenAndIsAuditedAsFailed() {
		List<String> attempted = new ArrayList<>();
		ListAuditTrail failingOnce = new ListAuditTrail(this.index) {

			@Override
			protected void commit(List<AuditEntry> entries, List<String> replays) {
				if (!replays.isEmpty()) {
					attempted.addAll(replays);
					throw new AuditTrail.TrailUnavailableException("not written, nothing of this action was done: broker down",
							null);
				}
			}

		};

		ReplayService.ReplayOutcome outcome = service(failingOnce, 10, "replay-2")
			.replay(new ReplayService.Selection(List.of("evt-1"), null), false, "alice");

		assertThat(attempted).containsExactly("evt-1@replay-2");
		assertThat(failingOnce.replays()).isEmpty();
		assertThat(outcome.failed()).singleElement().asString().contains("broker down");
		assertThat(this.index.find("evt-1").orElseThrow().status()).isEqualTo(TerminalStatus.OPEN);
		assertThat(failingOnce.entries()).singleElement()
			.satisfies(entry -> assertThat(entry.result()).startsWith("FAILED: not written").contains("broker down"));
	}

	@Test
	void theIntentTheRecordsAndTheOutcomeAreOneTurnInThisOrder() {
		List<String> turn = new ArrayList<>();
		ListAuditTrail watched = new ListAuditTrail(this.index) {

			@Override
			protected void commit(List<AuditEntry> entries, List<String> replays) {
				entries.forEach(entry -> turn.add(entry.result()));
				turn.addAll(replays);
			}

		};

		service(watched, 10, "replay-3").replay(new ReplayService.Selection(List.of("evt-1"), null), false, "alice");

		assertThat(turn).containsExactly("STARTED: replaying 1", "OK: replayed 1", "evt-1@replay-3");
		assertThat(watched.entries()).extracting(AuditEntry::id).containsOnly("replay-3");
	}

	@Test
	void everyLineOfAReplayNamesItsOrderTheAuditTrailsToo() {
		// given a listener on the handler's log and a trail that notes the logging context its turns are written in
		ListAppender<ILoggingEvent> lines = new ListAppender<>();
		lines.start();
		Logger handlerLog = (Logger) LoggerFactory.getLogger("io.payonce.dlt");
		handlerLog.addAppender(lines);
		List<String> contextOfTheTrail = new ArrayList<>();
		ListAuditTrail noting = new ListAuditTrail(this.index) {

			@Override
			protected void commit(List<AuditEntry> entries, List<String> replays) {
				contextOfTheTrail.add(MDC.get(OrderLogContext.ORDER_NO));
			}

		};
		ReplayService service = service(noting, 10, "replay-4");
		ReplayService.Selection p1 = new ReplayService.Selection(List.of("evt-1"), null);

		// when an operator dry-runs, replays, and replays again (already replayed: nothing deducted, nothing sent)
		try {
			service.replay(p1, true, "alice");
			service.replay(p1, false, "alice");
			service.replay(p1, false, "alice");
		}
		finally {
			handlerLog.detachAppender(lines);
		}

		// then every line names order P1, in its message or its logging context, and the context is left as it was
		assertThat(lines.list).hasSizeGreaterThanOrEqualTo(3)
			.allSatisfy((line) -> assertThat(line.getFormattedMessage() + " " + line.getMDCPropertyMap()).contains("P1"));
		assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage)
			.anySatisfy((line) -> assertThat(line).contains("orderNo=P1").contains("would be replayed"))
			.anySatisfy((line) -> assertThat(line).contains("orderNo=P1").contains("replayed to pay.success"))
			.anySatisfy((line) -> assertThat(line).contains("nothing to replay"));
		assertThat(contextOfTheTrail).hasSize(3).containsOnly("P1");
		assertThat(MDC.get(OrderLogContext.ORDER_NO)).isNull();
	}

	@Test
	void aReplayedRecordsLinesCarryTheTraceItTravelsWith() {
		// given a terminal record of P5 whose callback was traced
		this.index.arrived(new TerminalRecord("evt-5", "P5", "PaySuccess", "RETRIES_EXHAUSTED", null, "why", 6,
				T0.minusSeconds(50), T0.minusSeconds(50), "{}",
				Map.of("traceparent", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"), List.of(), "2:5",
				TerminalStatus.OPEN, null, null, null));
		ListAppender<ILoggingEvent> lines = new ListAppender<>();
		lines.start();
		Logger serviceLog = (Logger) LoggerFactory.getLogger(ReplayService.class);
		serviceLog.addAppender(lines);

		// when it is replayed
		try {
			this.service.replay(new ReplayService.Selection(List.of("evt-5"), null), false, "alice");
		}
		finally {
			serviceLog.detachAppender(lines);
		}

		// then its line names P5 and its trace and span ids in the logging context, which is left as it was
		assertThat(lines.list).filteredOn((line) -> line.getFormattedMessage().contains("replayed to pay.success"))
			.singleElement()
			.satisfies((line) -> assertThat(line.getMDCPropertyMap()).containsEntry("orderNo", "P5")
				.containsEntry("traceId", "4bf92f3577b34da6a3ce929d0e0e4736")
				.containsEntry("spanId", "00f067aa0ba902b7"));
		assertThat(MDC.getCopyOfContextMap()).isNullOrEmpty();
	}

	private ReplayService service(AuditTrail trail, int limit, String replayId) {
		return new ReplayService(this.index, trail, new ReplayRateLimit(limit, Duration.ofMinutes(1)), this.clock,
				() -> replayId);
	}

	static TerminalRecord record(String eventId, String orderNo, String reason, Instant arrivedAt, String position) {
		return new TerminalRecord(eventId, orderNo, "PaySuccess", reason, null, "why", 6, arrivedAt, arrivedAt, "{}",
				Map.of(), List.of(), position, TerminalStatus.OPEN, null, null, null);
	}

}
