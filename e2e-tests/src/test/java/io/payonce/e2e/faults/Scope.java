package io.payonce.e2e.faults;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The rows one scenario owns: orderNos start with {@link #prefix()}, userIds lie in {@code [firstUser, lastUser]}.
 * Records what the invariants need and the database does not hold: the opening balance of each account (plus
 * top-ups), the orderNos whose callback was answered 2xx, the states the test itself set, and the keys of records
 * the test produced to Kafka directly (poison, redeliveries), which no gateway transaction wrote.
 */
final class Scope {

	private final String name;

	private final String prefix;

	private final long firstUser;

	private final long lastUser;

	private final Map<Long, BigDecimal> openingBalances = new ConcurrentHashMap<>();

	private final Set<String> answered2xx = ConcurrentHashMap.newKeySet();

	private final Map<String, String> pinnedStates = new ConcurrentHashMap<>();

	private final Set<String> producedByTest = ConcurrentHashMap.newKeySet();

	Scope(String name, String prefix, long firstUser, long lastUser) {
		this.name = name;
		this.prefix = prefix;
		this.firstUser = firstUser;
		this.lastUser = lastUser;
	}

	String name() {
		return this.name;
	}

	/** {@code E2E-<run>-<scenario>-}: no {@code _} or {@code %}, so it is a literal LIKE prefix. */
	String prefix() {
		return this.prefix;
	}

	long firstUser() {
		return this.firstUser;
	}

	long lastUser() {
		return this.lastUser;
	}

	void opened(long userId, BigDecimal balance) {
		this.openingBalances.put(userId, balance);
	}

	/** Money put on the account outside the pipeline (a top-up): part of the opening side of I2. */
	void toppedUp(long userId, BigDecimal amount) {
		this.openingBalances.merge(userId, amount, BigDecimal::add);
	}

	Map<Long, BigDecimal> openingBalances() {
		return Map.copyOf(this.openingBalances);
	}

	void answered2xx(String orderNo) {
		this.answered2xx.add(orderNo);
	}

	Set<String> answered2xx() {
		return Set.copyOf(this.answered2xx);
	}

	/** The test moved this order itself (e.g. REFUNDED): the pipeline must leave it there. */
	void pinned(String orderNo, String status) {
		this.pinnedStates.put(orderNo, status);
	}

	Map<String, String> pinnedStates() {
		return Map.copyOf(this.pinnedStates);
	}

	void producedByTest(String orderNo) {
		this.producedByTest.add(orderNo);
	}

	Set<String> producedByTest() {
		return Set.copyOf(this.producedByTest);
	}

}
