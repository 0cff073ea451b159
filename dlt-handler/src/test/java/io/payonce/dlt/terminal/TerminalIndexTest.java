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

	private static TerminalRecord record(String eventId, String position, Instant arrivedAt) {
		return new TerminalRecord(eventId, "P-" + eventId, "PaySuccess", "RETRIES_EXHAUSTED", null, "why", 6, arrivedAt,
				arrivedAt, "{}", Map.of(), List.of(), position, TerminalStatus.OPEN, null, null, null);
	}

}
