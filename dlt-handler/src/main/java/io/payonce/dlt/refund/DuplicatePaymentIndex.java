package io.payonce.dlt.refund;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The console's view of {@code pay.refund-required}: one entry per duplicate payNo, with the operators' latest
 * decision. Rebuilt at every start from the topic (read from the beginning) and the decisions topic, which may be
 * read in either order: a decision that arrives before its entry is kept and applied when the entry comes.
 * <ul>
 * <li>The first record of a payNo makes the entry; the same event read again, redelivered, or reported by the
 * other detector changes nothing.</li>
 * <li>Decisions apply in the order of the decisions topic, the last one winning, as the topic's compaction keeps
 * it: every instance, and every restart, ends with the same state.</li>
 * </ul>
 */
public final class DuplicatePaymentIndex {

	private final Map<String, DuplicatePaymentEntry> byPayNo = new ConcurrentHashMap<>();

	private final Map<String, RefundDecision> decisions = new ConcurrentHashMap<>();

	/** @return {@code true} when the payNo was not listed before */
	public synchronized boolean arrived(DuplicatePaymentEntry entry) {
		if (this.byPayNo.containsKey(entry.payNo())) {
			return false;
		}
		RefundDecision decided = this.decisions.get(entry.payNo());
		this.byPayNo.put(entry.payNo(), (decided == null) ? entry : entry.with(decided));
		return true;
	}

	/** A decision read from the decisions topic, or just recorded there by this instance. */
	public synchronized void decided(RefundDecision decision) {
		this.decisions.put(decision.payNo(), decision);
		this.byPayNo.computeIfPresent(decision.payNo(), (payNo, current) -> current.with(decision));
	}

	public Optional<DuplicatePaymentEntry> find(String payNo) {
		return Optional.ofNullable(this.byPayNo.get(payNo));
	}

	/**
	 * @param state only entries in this state, every one if {@code null}
	 * @param orderNo only entries of this order (byte-exact), every one if {@code null}
	 * @return newest detection first
	 */
	public List<DuplicatePaymentEntry> list(RefundState state, String orderNo) {
		List<DuplicatePaymentEntry> result = new ArrayList<>();
		for (DuplicatePaymentEntry entry : this.byPayNo.values()) {
			if ((state == null || state == entry.state()) && (orderNo == null || orderNo.equals(entry.orderNo()))) {
				result.add(entry);
			}
		}
		result.sort(Comparator.comparing(DuplicatePaymentEntry::detectedAt)
			.reversed()
			.thenComparing(DuplicatePaymentEntry::payNo));
		return result;
	}

	/** What is still owed: the OPEN entries and the age of the oldest (zero when there is none). */
	public Owed owed(Instant now) {
		long open = 0;
		Instant oldest = null;
		for (DuplicatePaymentEntry entry : this.byPayNo.values()) {
			if (entry.state() == RefundState.OPEN) {
				open++;
				if (oldest == null || entry.detectedAt().isBefore(oldest)) {
					oldest = entry.detectedAt();
				}
			}
		}
		Duration age = (oldest == null || oldest.isAfter(now)) ? Duration.ZERO : Duration.between(oldest, now);
		return new Owed(open, age);
	}

	/** OPEN duplicate payments and the age of the oldest one. */
	public record Owed(long open, Duration oldestAge) {

	}

}
