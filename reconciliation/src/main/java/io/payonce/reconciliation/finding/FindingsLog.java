package io.payonce.reconciliation.finding;

import java.time.Instant;
import java.util.List;

import io.payonce.reconciliation.continuous.Finding;

/**
 * Port: the findings raised in {@code [from, to)} as published, once each (by findingId), each with its
 * {@link Finding#settlement() settlement} if a settlement record followed it (at any time up to now).
 */
public interface FindingsLog {

	List<Finding> detectedBetween(Instant from, Instant to);

}
