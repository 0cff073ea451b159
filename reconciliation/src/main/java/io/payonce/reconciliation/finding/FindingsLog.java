package io.payonce.reconciliation.finding;

import java.time.Instant;
import java.util.List;

import io.payonce.reconciliation.continuous.Finding;

/** Port: the findings as published, once each (by findingId), detected in {@code [from, to)}. */
public interface FindingsLog {

	List<Finding> detectedBetween(Instant from, Instant to);

}
