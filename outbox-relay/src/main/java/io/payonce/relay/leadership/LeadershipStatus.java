package io.payonce.relay.leadership;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/**
 * Who this instance is in the relay group, for the health endpoint and the metrics. Written by the election
 * thread, read by anyone.
 */
public final class LeadershipStatus {

	public enum Role {

		/** Not (yet) a member of the group: cannot take over. Kafka unreachable, or starting. */
		JOINING,

		/** A member without the lead: ready to take over, not streaming. */
		STANDBY,

		/** Holds partition 0 of the coordination topic: the only instance allowed to stream. */
		LEADER

	}

	/** Why this instance last gave up the lead. */
	public enum StepDown {

		/** The coordinator gave the lead away: this instance was silent past the session timeout. */
		LEASE_LOST,

		/** Another instance's producer took over the transactional id: nothing more could be published. */
		FENCED,

		/** The producer failed for good (authorization, sequence error): the term ended, a new one follows. */
		PRODUCER_FAILED,

		/** The binlog connection was down longer than the tolerance: the lead was handed to a standby. */
		DATABASE_LOST,

		/**
		 * The connector stopped with an error it does not retry (binlog purged, replica id taken, access denied):
		 * the lead is handed over, so that another instance, or this one after the rejoin delay, tries again; the
		 * error stays in the health until then.
		 */
		ENGINE_FAILED,

		/** A clean stop (shutdown, redeploy): the lead was handed over after the last batch was stored. */
		SHUTDOWN

	}

	private final String instanceId;

	private final Clock clock;

	private volatile Role role = Role.JOINING;

	private volatile Instant since;

	private volatile StepDown lastStepDown;

	private volatile Instant lastStepDownAt;

	private volatile String leader;

	public LeadershipStatus(String instanceId, Clock clock) {
		this.instanceId = instanceId;
		this.clock = clock;
		this.since = clock.instant();
	}

	public void become(Role next) {
		if (this.role != next) {
			this.role = next;
			this.since = this.clock.instant();
		}
	}

	public void steppedDown(StepDown reason) {
		this.lastStepDown = reason;
		this.lastStepDownAt = this.clock.instant();
	}

	/** The instance the group coordinator last named as holding the lead; {@code null} for none or unknown. */
	public void leaderIs(String instanceId) {
		this.leader = instanceId;
	}

	/** Who leads, as of the last lookup (every few seconds); this instance itself while it leads. */
	public Optional<String> leader() {
		return (this.role == Role.LEADER) ? Optional.of(this.instanceId) : Optional.ofNullable(this.leader);
	}

	public String instanceId() {
		return this.instanceId;
	}

	public Role role() {
		return this.role;
	}

	public Instant since() {
		return this.since;
	}

	public Optional<StepDown> lastStepDown() {
		return Optional.ofNullable(this.lastStepDown);
	}

	public Optional<Instant> lastStepDownAt() {
		return Optional.ofNullable(this.lastStepDownAt);
	}

}
