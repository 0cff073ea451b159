package io.payonce.relay.engine;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * What the health indicator reports about the current (or last) term: the engine's lifecycle, the last relayed
 * event and whether Kafka sends are currently failing. Written by the engine thread and the relay, read by the
 * health endpoint. A new term starts from a clean slate except for the last event's time.
 */
public final class RelayStatus {

	public enum Phase {

		NOT_STARTED, STARTING, STREAMING, STOPPED, FAILED,

		/** A newer producer of the relay (another instance's) fenced this one: the term ended. */
		FENCED

	}

	private final Clock clock;

	private volatile Phase phase = Phase.NOT_STARTED;

	private volatile String failure;

	private volatile Instant lastEventAt;

	private volatile Instant awaitingAcksSince;

	private volatile Instant sendFailingSince;

	private volatile String lastSendError;

	public RelayStatus(Clock clock) {
		this.clock = clock;
	}

	public void starting() {
		this.phase = Phase.STARTING;
		this.failure = null;
		this.awaitingAcksSince = null;
		this.sendFailingSince = null;
		this.lastSendError = null;
	}

	public void streaming() {
		this.phase = Phase.STREAMING;
	}

	/** The term is over: nothing waits for Kafka any more. A failure or fencing stays visible. */
	public void stopped() {
		this.awaitingAcksSince = null;
		if (this.phase != Phase.FAILED && this.phase != Phase.FENCED) {
			this.phase = Phase.STOPPED;
		}
	}

	public void fenced(String message) {
		this.failure = message;
		this.phase = Phase.FENCED;
	}

	public void failed(String message) {
		this.failure = message;
		this.phase = Phase.FAILED;
	}

	/** A batch was handed to Kafka and is waiting for its acknowledgements. */
	public void awaitingAcks() {
		this.awaitingAcksSince = this.clock.instant();
	}

	/** The batch's transaction committed: every record of it was acknowledged. */
	public void acknowledged() {
		this.awaitingAcksSince = null;
		this.sendFailingSince = null;
		this.lastSendError = null;
	}

	public void relayed() {
		this.lastEventAt = this.clock.instant();
	}

	public void sendFailed(String error) {
		if (this.sendFailingSince == null) {
			this.sendFailingSince = this.clock.instant();
		}
		this.lastSendError = error;
	}

	public Phase phase() {
		return this.phase;
	}

	public Optional<String> failure() {
		return Optional.ofNullable(this.failure);
	}

	public Optional<Duration> lastEventAge() {
		Instant last = this.lastEventAt;
		return (last != null) ? Optional.of(Duration.between(last, this.clock.instant())) : Optional.empty();
	}

	/**
	 * How long the current batch has waited for Kafka: the producer retries by itself for a while before a
	 * send fails, so this sees an unreachable broker long before any error does.
	 */
	public Optional<Duration> awaitingAcksFor() {
		Instant since = this.awaitingAcksSince;
		return (since != null) ? Optional.of(Duration.between(since, this.clock.instant())) : Optional.empty();
	}

	public Optional<Duration> sendFailingFor() {
		Instant since = this.sendFailingSince;
		return (since != null) ? Optional.of(Duration.between(since, this.clock.instant())) : Optional.empty();
	}

	public Optional<String> lastSendError() {
		return Optional.ofNullable(this.lastSendError);
	}

}
