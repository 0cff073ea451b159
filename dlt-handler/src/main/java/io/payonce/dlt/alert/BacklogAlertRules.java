package io.payonce.dlt.alert;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * Chapter 5.3 of the incident: "dead letters > 0 for 5 minutes → alert, > 100 → P1". A level fires when the
 * backlog has stayed above its threshold for its duration; it clears as soon as the backlog drops to or
 * below the threshold. Stateful (remembers since when each threshold is exceeded), not thread-safe: one
 * evaluator calls it.
 */
public final class BacklogAlertRules {

	private final long warningAbove;

	private final Duration warningFor;

	private final long criticalAbove;

	private final Duration criticalFor;

	private Instant warningSince;

	private Instant criticalSince;

	private AlertLevel level = AlertLevel.NONE;

	public BacklogAlertRules(long warningAbove, Duration warningFor, long criticalAbove, Duration criticalFor) {
		if (warningAbove < 0 || criticalAbove < warningAbove) {
			throw new IllegalArgumentException(
					"need 0 <= warning threshold <= critical threshold: " + warningAbove + ", " + criticalAbove);
		}
		this.warningAbove = warningAbove;
		this.warningFor = Objects.requireNonNull(warningFor, "warningFor");
		this.criticalAbove = criticalAbove;
		this.criticalFor = Objects.requireNonNull(criticalFor, "criticalFor");
	}

	/**
	 * @param backlog open terminal records now
	 * @param now the evaluation time
	 * @return the level now, and whether it differs from the previous evaluation
	 */
	public Evaluation evaluate(long backlog, Instant now) {
		this.warningSince = (backlog > this.warningAbove) ? since(this.warningSince, now) : null;
		this.criticalSince = (backlog > this.criticalAbove) ? since(this.criticalSince, now) : null;
		AlertLevel next = AlertLevel.NONE;
		if (held(this.criticalSince, this.criticalFor, now)) {
			next = AlertLevel.CRITICAL;
		}
		else if (held(this.warningSince, this.warningFor, now)) {
			next = AlertLevel.WARNING;
		}
		AlertLevel previous = this.level;
		this.level = next;
		return new Evaluation(next, previous, backlog);
	}

	public AlertLevel level() {
		return this.level;
	}

	private static Instant since(Instant since, Instant now) {
		return (since == null) ? now : since;
	}

	private static boolean held(Instant since, Duration duration, Instant now) {
		return since != null && !now.isBefore(since.plus(duration));
	}

	/** The outcome of one evaluation. */
	public record Evaluation(AlertLevel level, AlertLevel previous, long backlog) {

		public boolean changed() {
			return this.level != this.previous;
		}

	}

}
