package io.payonce.dlt.alert;

import java.time.Duration;
import java.time.Instant;

/**
 * A change of the backlog alert level; {@code level == NONE} means the alert cleared.
 *
 * @param level the new level
 * @param previous the level before
 * @param backlog open terminal records
 * @param oldestAge age of the oldest open terminal record
 * @param at when it was evaluated
 */
public record Alert(AlertLevel level, AlertLevel previous, long backlog, Duration oldestAge, Instant at) {

	public String summary() {
		return (this.level == AlertLevel.NONE)
				? "PayOnce terminal backlog alert cleared (was " + this.previous + "), backlog " + this.backlog
				: "PayOnce terminal backlog " + this.level + ": " + this.backlog + " open terminal record(s), oldest "
						+ this.oldestAge.toSeconds() + " s old";
	}

}
