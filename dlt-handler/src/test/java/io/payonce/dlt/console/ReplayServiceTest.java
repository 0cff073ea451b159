package io.payonce.dlt.console;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.AuditTrail;
import io.payonce.dlt.terminal.ListAuditTrail;
import io.payonce.dlt.terminal.TerminalFilter;
import io.payonce.dlt.terminal.TerminalIndex;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.dlt.terminal.TerminalStatus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.tuple;

class ReplayServiceTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:00Z");

	private final Clock clock = Clock.fixed(T0, ZoneOffset.UTC);

	private final TerminalIndex index = new TerminalIndex();

	private final ListAuditTrail audit = new ListAuditTrail();

	private final List<String> published = new ArrayList<>();

	private ReplayService service;

	@BeforeEach
	void setUp() {
		ReplayPublisher publisher = (record, replayId) -> this.published.add(record.eventId() + "@" + replayId);
		this.service = new ReplayService(this.index, this.audit, publisher,
				new ReplayRateLimiter(3, Duration.ofMinutes(1), this.clock), this.clock, () -> "replay-1");
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
		assertThat(this.published).isEmpty();
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
		assertThat(this.published).containsExactly("evt-1@replay-1", "evt-3@replay-1");
		assertThat(this.index.find("evt-3").orElseThrow().status()).isEqualTo(TerminalStatus.REPLAYED);
		assertThat(this.audit.entries()).extracting(AuditEntry::id, AuditEntry::result)
			.containsExactly(tuple("replay-1", "STARTED: replaying 2"), tuple("replay-1", "OK: replayed 2"));
		AuditEntry entry = this.audit.entries().get(1);
		assertThat(entry.actor()).isEqualTo("alice");
		assertThat(entry.at()).isEqualTo(T0);
		assertThat(entry.eventIds()).containsExactly("evt-1", "evt-3");
		assertThat(entry.result()).startsWith("OK");
		assertThat(entry.changes()).hasSize(2);

		// and replaying the same filter again selects nothing: replayed records are no longer open
		assertThat(this.service.replay(new ReplayService.Selection(null, TerminalFilter.all()), false, "alice")
			.replayed()).containsExactly("evt-2");
	}

	@Test
	void aSelectionLargerThanTheRateLimitIsRefusedWhole() {
		this.service.replay(new ReplayService.Selection(List.of("evt-1", "evt-2"), null), false, "alice");

		assertThatExceptionOfType(ReplayService.RateLimitedException.class).isThrownBy(() -> this.service
			.replay(new ReplayService.Selection(List.of("evt-1", "evt-3"), null), false, "alice"));

		assertThat(this.published).hasSize(2);
		assertThat(this.audit.entries()).last().satisfies(entry -> assertThat(entry.result()).startsWith("REJECTED"));
	}

	@Test
	void aResolvedRecordIsNeverReplayed() {
		assertThat(this.service.resolve("evt-2", "refunded by hand", "alice")).isPresent();

		ReplayService.ReplayOutcome outcome = this.service
			.replay(new ReplayService.Selection(List.of("evt-2"), null), false, "alice");

		assertThat(outcome.selected()).isEmpty();
		assertThat(this.published).isEmpty();
		assertThat(this.index.find("evt-2").orElseThrow().note()).isEqualTo("refunded by hand");
		assertThat(this.service.resolve("evt-2", "again", "alice")).isEmpty();
	}

	@Test
	void aPublishFailureLeavesTheRecordOpenAndIsAudited() {
		ReplayService failing = new ReplayService(this.index, this.audit, (record, replayId) -> {
			throw new ReplayPublisher.ReplayFailedException("broker down", null);
		}, new ReplayRateLimiter(10, Duration.ofMinutes(1), this.clock), this.clock, () -> "replay-2");

		ReplayService.ReplayOutcome outcome = failing.replay(new ReplayService.Selection(List.of("evt-1"), null), false,
				"alice");

		assertThat(outcome.failed()).singleElement().asString().contains("broker down");
		assertThat(this.index.find("evt-1").orElseThrow().status()).isEqualTo(TerminalStatus.OPEN);
		assertThat(this.audit.entries()).last().satisfies(entry -> assertThat(entry.result()).startsWith("FAILED"));
	}

	@Test
	void theReplayIsInTheTrailBeforeTheFirstRecordIsPublished() {
		List<List<AuditEntry>> trailAtPublish = new ArrayList<>();
		ReplayService watched = new ReplayService(this.index, this.audit,
				(record, replayId) -> trailAtPublish.add(this.audit.entries()),
				new ReplayRateLimiter(10, Duration.ofMinutes(1), this.clock), this.clock, () -> "replay-3");

		watched.replay(new ReplayService.Selection(List.of("evt-1"), null), false, "alice");

		assertThat(trailAtPublish).singleElement()
			.satisfies(trail -> assertThat(trail).singleElement().satisfies(entry -> {
				assertThat(entry.id()).isEqualTo("replay-3");
				assertThat(entry.actor()).isEqualTo("alice");
				assertThat(entry.eventIds()).containsExactly("evt-1");
				assertThat(entry.result()).isEqualTo("STARTED: replaying 1");
			}));
	}

	@Test
	void aTrailThatCannotBeWrittenPublishesNothing() {
		AuditTrail full = new ListAuditTrail() {

			@Override
			public void append(AuditEntry entry) {
				throw new java.io.UncheckedIOException(new java.io.IOException("No space left on device"));
			}

		};
		ReplayService service = new ReplayService(this.index, full, (record, replayId) -> this.published.add(record.eventId()),
				new ReplayRateLimiter(10, Duration.ofMinutes(1), this.clock), this.clock, () -> "replay-4");

		assertThatExceptionOfType(java.io.UncheckedIOException.class)
			.isThrownBy(() -> service.replay(new ReplayService.Selection(List.of("evt-1"), null), false, "alice"));
		assertThat(this.published).isEmpty();
		assertThat(this.index.find("evt-1").orElseThrow().status()).isEqualTo(TerminalStatus.OPEN);
	}

	static TerminalRecord record(String eventId, String orderNo, String reason, Instant arrivedAt, String position) {
		return new TerminalRecord(eventId, orderNo, "PaySuccess", reason, null, "why", 6, arrivedAt, arrivedAt, "{}",
				Map.of(), List.of(), position, TerminalStatus.OPEN, null, null, null);
	}


}
