package io.payonce.e2e.faults;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The rows one scenario owns: orderNos start with {@link #prefix()}, userIds lie in {@code [firstUser, lastUser]}.
 * Records what the invariants need and the database does not hold: the opening balance of each account (plus
 * top-ups), every payment the gateway answered 200 and how, the states the test itself set, and the keys of
 * records the test produced to Kafka directly (poison, redeliveries), which no gateway transaction wrote.
 */
final class Scope {

	/** How the gateway answered a callback with 200: the body's {@code result}. */
	enum Accepted {

		ACCEPTED, DUPLICATE, DUPLICATE_PAYMENT;

		static Accepted of(String body) {
			// DUPLICATE_PAYMENT contains DUPLICATE: test the longer first
			if (body.contains("DUPLICATE_PAYMENT")) {
				return DUPLICATE_PAYMENT;
			}
			return body.contains("DUPLICATE") ? DUPLICATE : ACCEPTED;
		}

	}

	/** A payment the gateway answered 200: its order and the first answer's kind. */
	record Answered(String payNo, String orderNo, Accepted first) {

	}

	private final String name;

	private final String prefix;

	private final long firstUser;

	private final long lastUser;

	private final Map<Long, BigDecimal> openingBalances = new ConcurrentHashMap<>();

	private final Map<String, Answered> answered = new ConcurrentHashMap<>();

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

	/** The gateway answered this payment 200 with this body (the first such answer is kept). */
	void answered200(String payNo, String orderNo, String body) {
		this.answered.putIfAbsent(payNo, new Answered(payNo, orderNo, Accepted.of(body)));
	}

	/** Every payment answered 200, by payNo. */
	Map<String, Answered> answered() {
		return Map.copyOf(this.answered);
	}

	/** The orderNos of every payment answered 200 (I3). */
	Set<String> answered2xx() {
		return this.answered.values().stream().map(Answered::orderNo).collect(Collectors.toUnmodifiableSet());
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
