package io.payonce.dlt.terminal;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TerminalIndexTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:00Z");

	private final TerminalIndex index = new TerminalIndex();

	@Test
	void aDecisionRecordedBeforeTheRestartIsAppliedWhenItsRecordIsReadAgain() {
		// given the audit trail says evt-1 at 0:5 was replayed
		this.index.recorded(new StatusChange("evt-1", "0:5", TerminalStatus.REPLAYED, null, "alice", T0));

		// when the terminal topic is read from the beginning
		this.index.arrived(record("evt-1", "0:5", T0.minusSeconds(60)));

		// then it is not open any more
		assertThat(this.index.find("evt-1").orElseThrow().status()).isEqualTo(TerminalStatus.REPLAYED);
		assertThat(this.index.backlog(T0).open()).isZero();
	}

	@Test
	void aReplayedRecordThatFailsAgainIsOpenAgain() {
		this.index.arrived(record("evt-1", "0:5", T0.minusSeconds(60)));
		this.index.recorded(new StatusChange("evt-1", "0:5", TerminalStatus.REPLAYED, null, "alice", T0));

		this.index.arrived(record("evt-1", "0:9", T0.plusSeconds(600)));

		assertThat(this.index.find("evt-1").orElseThrow().status()).isEqualTo(TerminalStatus.OPEN);
		assertThat(this.index.backlog(T0.plusSeconds(660)).open()).isEqualTo(1);
	}

	@Test
	void theFilterMatchesReasonOrderAndTimeWindow() {
		this.index.arrived(record("evt-1", "0:1", T0));
		this.index.arrived(record("evt-2", "0:2", T0.plusSeconds(60)));

		assertThat(this.index.list(new TerminalFilter(null, null, T0.plusSeconds(1), null, null)))
			.extracting(TerminalRecord::eventId)
			.containsExactly("evt-2");
		assertThat(this.index.list(new TerminalFilter("RETRIES_EXHAUSTED", "P-evt-1", null, null, null)))
			.extracting(TerminalRecord::eventId)
			.containsExactly("evt-1");
		assertThat(this.index.list(new TerminalFilter("CONFLICT", null, null, null, null))).isEmpty();
	}

	@Test
	void theListShowsTheRecordThatBecameTerminalLastFirst() {
		// given three records that became terminal one minute apart, read in another order
		this.index.arrived(record("evt-b", "1:1", T0.plusSeconds(60)));
		this.index.arrived(record("evt-a", "0:1", T0));
		this.index.arrived(record("evt-c", "2:1", T0.plusSeconds(120)));

		// when the console lists them, then the newest comes first
		assertThat(this.index.list(TerminalFilter.all())).extracting(TerminalRecord::eventId)
			.containsExactly("evt-c", "evt-b", "evt-a");
	}

	@Test
	void pagesFollowEachOtherWithoutRepeatOrGapAlsoAtEqualTimesAndWhileRecordsArrive() {
		// given five records, three of them terminal at the same millisecond
		this.index.arrived(record("evt-1", "0:1", T0));
		this.index.arrived(record("evt-2", "0:2", T0.plusSeconds(60)));
		this.index.arrived(record("evt-3", "0:3", T0.plusSeconds(60)));
		this.index.arrived(record("evt-4", "0:4", T0.plusSeconds(60)));
		this.index.arrived(record("evt-5", "0:5", T0.plusSeconds(120)));

		// when the operator reads the first page of two
		TerminalPage first = this.index.page(TerminalFilter.all(), java.util.Optional.empty(), 2);
		// and a new record becomes terminal before the next page is read
		this.index.arrived(record("evt-6", "0:6", T0.plusSeconds(180)));
		TerminalPage second = this.index.page(TerminalFilter.all(), first.next(), 2);
		TerminalPage third = this.index.page(TerminalFilter.all(), second.next(), 2);

		// then each record of the first view is on exactly one page, in the newest-first order, and the last page says so
		assertThat(first.records()).extracting(TerminalRecord::eventId).containsExactly("evt-5", "evt-2");
		assertThat(second.records()).extracting(TerminalRecord::eventId).containsExactly("evt-3", "evt-4");
		assertThat(third.records()).extracting(TerminalRecord::eventId).containsExactly("evt-1");
		assertThat(third.next()).isEmpty();
		// and the newcomer is on the first page of a fresh view
		assertThat(this.index.page(TerminalFilter.all(), java.util.Optional.empty(), 2).records())
			.extracting(TerminalRecord::eventId)
			.containsExactly("evt-6", "evt-5");
	}

	@Test
	void aPageCursorSurvivesItsOwnToken() {
		PageCursor cursor = new PageCursor(T0, "evt-1,with-comma");

		assertThat(PageCursor.parse(cursor.token())).isEqualTo(cursor);
	}

	private static TerminalRecord record(String eventId, String position, Instant arrivedAt) {
		return new TerminalRecord(eventId, "P-" + eventId, "PaySuccess", "RETRIES_EXHAUSTED", null, "why", 6, arrivedAt,
				arrivedAt, "{}", Map.of(), List.of(), position, TerminalStatus.OPEN, null, null, null);
	}

}
