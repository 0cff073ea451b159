package io.payonce.consumer.deduct.domain;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** The Redis guard's contract in a map: SET NX, compare-and-swap completion, compare-and-delete release. */
final class InMemoryGuard implements IdempotencyGuard {

	final Map<String, String> entries = new ConcurrentHashMap<>();

	final List<ReleaseResult> releases = new ArrayList<>();

	private final AtomicInteger owners = new AtomicInteger();

	boolean down;

	@Override
	public synchronized Claim claim(String orderNo, String fingerprint) {
		failIfDown();
		GuardEntry mine = GuardEntry.processing(fingerprint, "owner-" + this.owners.incrementAndGet());
		String existing = this.entries.putIfAbsent(orderNo, mine.encode());
		if (existing == null) {
			return Claim.acquired(orderNo, mine);
		}
		return Claim.found(orderNo, GuardEntry.judge(GuardEntry.parse(existing), fingerprint), existing);
	}

	@Override
	public synchronized boolean markDone(Claim claim, String fingerprint) {
		failIfDown();
		String expected = claim.mine().map(GuardEntry::encode).orElseGet(() -> claim.observed().orElse(""));
		String current = this.entries.get(claim.orderNo());
		if (current != null && !current.equals(expected)) {
			return false;
		}
		GuardEntry done = claim.mine().orElseGet(() -> GuardEntry.processing(fingerprint, "taker")).done();
		this.entries.put(claim.orderNo(), done.encode());
		return true;
	}

	@Override
	public synchronized ReleaseResult release(Claim claim) {
		failIfDown();
		ReleaseResult result;
		if (claim.mine().isEmpty()) {
			result = ReleaseResult.NOTHING_HELD;
		}
		else {
			result = this.entries.remove(claim.orderNo(), claim.mine().get().encode()) ? ReleaseResult.RELEASED
					: ReleaseResult.NOT_OWNER;
		}
		this.releases.add(result);
		return result;
	}

	Optional<GuardEntry> entry(String orderNo) {
		return GuardEntry.parse(this.entries.get(orderNo));
	}

	private void failIfDown() {
		if (this.down) {
			throw new GuardUnavailableException("redis is down", null);
		}
	}

}
