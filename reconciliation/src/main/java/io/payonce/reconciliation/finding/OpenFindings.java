package io.payonce.reconciliation.finding;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.FindingKind;

/**
 * The findings topic folded into what is open now: a finding is OPEN from its record until a settlement record
 * with its findingId follows it (same key, same partition, so always after it). Records are applied in each
 * partition's order; a finding raised twice with the same id is kept once, as first raised. The topic is written
 * in exactly-once transactions and read {@code read_committed}, and the reconciler raises each id once (its view
 * remembers), so a raise never follows its own settlement. Memory: the open findings only. Every replica of the service folds the whole topic, so
 * every replica knows the same open findings, whichever tasks it runs.
 * <p>
 * Thread-safe: one thread applies, the metrics registry reads.
 */
public final class OpenFindings {

	private final Map<String, Finding> open = new HashMap<>();

	public synchronized void apply(Finding record) {
		if (record.settles()) {
			this.open.remove(record.findingId());
		}
		else {
			this.open.putIfAbsent(record.findingId(), record);
		}
	}

	public synchronized int count(FindingKind kind) {
		return (int) this.open.values().stream().filter((f) -> f.kind() == kind).count();
	}

	/** When the oldest open finding of this kind was raised, if there is one. */
	public synchronized Optional<Instant> oldestRaisedAt(FindingKind kind) {
		return this.open.values()
			.stream()
			.filter((f) -> f.kind() == kind)
			.map(Finding::detectedAt)
			.min(Instant::compareTo);
	}

	/** The open findings' order numbers of one kind (for checks and tests; not for a hot path). */
	public synchronized List<String> orderNos(FindingKind kind) {
		return this.open.values().stream().filter((f) -> f.kind() == kind).map(Finding::orderNo).sorted().toList();
	}

}
