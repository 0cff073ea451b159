package io.payonce.reconciliation.finding;

import java.time.Instant;

import io.payonce.reconciliation.continuous.FindingKind;

/**
 * @param kind only this kind, or {@code null} for every kind
 * @param status only this status, or {@code null} for both
 * @param from detected at or after
 * @param to detected before
 * @param limit the newest this many
 */
public record FindingQuery(FindingKind kind, FindingStatus status, Instant from, Instant to, int limit) {

	public static final int MAX_LIMIT = 1000;

	public FindingQuery {
		if (!from.isBefore(to)) {
			throw new IllegalArgumentException("from " + from + " must be before to " + to);
		}
		if (limit < 1 || limit > MAX_LIMIT) {
			throw new IllegalArgumentException("limit must be 1 to " + MAX_LIMIT);
		}
	}

}
