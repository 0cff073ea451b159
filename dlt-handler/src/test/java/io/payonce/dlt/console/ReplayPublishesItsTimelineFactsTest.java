package io.payonce.dlt.console;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.payonce.contract.TimelineFact;
import io.payonce.dlt.MutableClock;
import io.payonce.dlt.terminal.ListAuditTrail;
import io.payonce.dlt.terminal.TerminalIndex;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.dlt.terminal.TerminalStatus;
import io.payonce.dlt.timeline.FactPublisher;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.tuple;

/** What an operator did to a payment is on its timeline: one REPLAY fact per record, after the audit entry. */
class ReplayPublishesItsTimelineFactsTest {

	private static final Instant T0 = Instant.parse("2026-12-01T14:03:10Z");

	private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

	private final TerminalIndex index = new TerminalIndex();

	private final ListAuditTrail audit = new ListAuditTrail(this.index);

	private final List<Published> published = new ArrayList<>();

	/** Records, with each fact, how many audit entries were written when it was published. */
	private final FactPublisher facts = (orderNo, at, step, decision, traceId, detail) -> this.published
		.add(new Published(orderNo, at, step, decision, traceId, detail, this.audit.entries().size()));

	private final ReplayService service = new ReplayService(this.index, this.audit,
			new ReplayRateLimit(1, Duration.ofMinutes(1)), new MutableClock(T0), () -> "replay-1", this.facts);

	@Test
	void aDryRunPublishesWhoAndTheForecastVerdictAfterItsAuditEntry() {
		this.index.arrived(terminalRecord("evt-1", "P1", "0:1"));

		this.service.replay(new ReplayService.Selection(List.of("evt-1"), null), true, "alice",
				(record) -> "WOULD_DEDUCT");

		assertThat(this.published).singleElement().satisfies((fact) -> {
			assertThat(fact.orderNo()).isEqualTo("P1");
			assertThat(fact.step()).isEqualTo(TimelineFact.Step.REPLAY);
			assertThat(fact.decision()).isEqualTo("DRY_RUN");
			assertThat(fact.at()).isEqualTo(T0);
			assertThat(fact.traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
			assertThat(fact.detail()).containsEntry("who", "alice")
				.containsEntry("dryRun", "true")
				.containsEntry("replayId", "replay-1")
				.containsEntry("eventId", "evt-1")
				.containsEntry("forecast", "WOULD_DEDUCT");
			assertThat(fact.auditEntriesBefore()).isEqualTo(1);
		});
	}

	@Test
	void aReplayPublishesReplayedAfterItsAuditEntriesAndAReplayOfNothingSaysSo() {
		this.index.arrived(terminalRecord("evt-1", "P1", "0:1"));

		this.service.replay(new ReplayService.Selection(List.of("evt-1"), null), false, "alice", (record) -> "unused");

		assertThat(this.published).singleElement().satisfies((fact) -> {
			assertThat(fact.decision()).isEqualTo("REPLAYED");
			assertThat(fact.detail()).containsEntry("dryRun", "false").doesNotContainKey("forecast");
			// STARTED and OK were written before the fact
			assertThat(fact.auditEntriesBefore()).isEqualTo(2);
		});
	}

	@Test
	void aReplayRefusedByTheRateLimitIsOnTheTimelineToo() {
		this.index.arrived(terminalRecord("evt-1", "P1", "0:1"));
		this.index.arrived(terminalRecord("evt-2", "P2", "0:2"));

		assertThatExceptionOfType(ReplayService.RateLimitedException.class).isThrownBy(() -> this.service
			.replay(new ReplayService.Selection(List.of("evt-1", "evt-2"), null), false, "bob", (record) -> null));

		assertThat(this.published).extracting(Published::orderNo, Published::decision)
			.containsExactly(tuple("P1", "REFUSED"), tuple("P2", "REFUSED"));
		assertThat(this.published.get(0).auditEntriesBefore()).isEqualTo(1);
	}

	private static TerminalRecord terminalRecord(String eventId, String orderNo, String position) {
		return new TerminalRecord(eventId, orderNo, "PaySuccess", "RETRIES_EXHAUSTED", null, "why", 6, T0, T0, "{}",
				Map.of("traceparent", TRACEPARENT), List.of(), position, TerminalStatus.OPEN, null, null, null);
	}

	private record Published(String orderNo, Instant at, TimelineFact.Step step, String decision, String traceId,
			Map<String, String> detail, int auditEntriesBefore) {

	}

}
