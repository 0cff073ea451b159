package io.payonce.dlt.terminal;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TrailStateTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:00Z");

	@Test
	void theLatestDecisionOnAnOccurrenceCountsAndOnlyReplaysCountForTheRateLimit() {
		// given a replay of the record at 0:5, then its resolve, and nothing on 0:6
		TrailState trail = new TrailState();
		trail.apply(entry(new StatusChange("evt-1", "0:5", TerminalStatus.REPLAYED, null, "alice", T0)));
		trail.apply(entry(new StatusChange("evt-1", "0:5", TerminalStatus.RESOLVED, "done", "bob", T0.plusSeconds(5))));

		// then 0:5 is RESOLVED, 0:6 undecided, and one record was replayed at T0
		assertThat(trail.decision("0:5")).hasValueSatisfying(d -> assertThat(d.status()).isEqualTo(TerminalStatus.RESOLVED));
		assertThat(trail.decision("0:6")).isEmpty();
		assertThat(trail.replayedSince(T0)).isEqualTo(1);
		assertThat(trail.replayedSince(T0.plusMillis(1))).isZero();
	}

	private static AuditEntry entry(StatusChange change) {
		return new AuditEntry("id-" + change.status(), change.at(), change.by(), "X", "id " + change.eventId(),
				List.of(change.eventId()), "OK", List.of(change));
	}

}
