package io.payonce.dlt.console;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.StatusChange;
import io.payonce.dlt.terminal.TerminalStatus;
import io.payonce.dlt.terminal.TrailState;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReplayRateLimitTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:00Z");

	@Test
	void theReplaysOfTheLastWindowOnTheTrailTakeTheRoomAndFreeItWhenTheyAgeOut() {
		// given 40 records replayed at T0 and 20 at T0 + 30 s (any instance), and a resolve that does not count
		TrailState trail = new TrailState();
		trail.apply(replayed(T0, 40, 0));
		trail.apply(replayed(T0.plusSeconds(30), 20, 40));
		trail.apply(new AuditEntry("r", T0, "bob", "RESOLVE", "id x", List.of("x"), "OK",
				List.of(new StatusChange("x", "9:9", TerminalStatus.RESOLVED, "done", "bob", T0))));
		ReplayRateLimit limit = new ReplayRateLimit(60, Duration.ofMinutes(1));

		// then the window is full until the first 40 leave it, and empty once the last 20 have
		assertThat(limit.available(trail, T0.plusSeconds(59))).isZero();
		assertThat(limit.available(trail, T0.plusSeconds(60))).isEqualTo(40);
		assertThat(limit.available(trail, T0.plusSeconds(90))).isEqualTo(60);
	}

	private static AuditEntry replayed(Instant at, int records, int firstPosition) {
		List<StatusChange> changes = new java.util.ArrayList<>();
		for (int i = 0; i < records; i++) {
			changes.add(new StatusChange("evt-" + (firstPosition + i), "0:" + (firstPosition + i),
					TerminalStatus.REPLAYED, null, "alice", at));
		}
		return new AuditEntry("replay-" + firstPosition, at, "alice", "REPLAY", "ids", List.of(), "OK", changes);
	}

}
