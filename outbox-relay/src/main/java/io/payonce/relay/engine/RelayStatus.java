package io.payonce.relay.engine;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * What the health indicator reports: the engine's lifecycle, the last relayed event and whether Kafka sends
 * are currently failing. Written by the engine thread and the relay, read by the health endpoint.
 */
public final class RelayStatus {

	public enum Phase {

		NOT_STARTED, STARTING, STREAMING, STOPPED, FAILED

	}

	private final Clock clock;

	private volatile Phase phase = Phase.NOT_STARTED;

	private volatile String failure;

	private volatile Instant lastEventAt;

	private volatile Instant sendFailingSince;

	private volatile String lastSendError;

	public RelayStatus(Clock clock) {
		this.clock = clock;
	}

	public void starting() {
		this.phase = Phase.STARTING;
		this.failure = null;
	}

	public void streaming() {
		this.phase = Phase.STREAMING;
	}

	public void stopped() {
		if (this.phase != Phase.FAILED) {
			this.phase = Phase.STOPPED;
		}
	}

	public void failed(String message) {
		this.failure = message;
		this.phase = Phase.FAILED;
	}

	public void relayed() {
		this.lastEventAt = this.clock.instant();
		this.sendFailingSince = null;
		this.lastSendError = null;
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

	public Optional<Duration> sendFailingFor() {
		Instant since = this.sendFailingSince;
		return (since != null) ? Optional.of(Duration.between(since, this.clock.instant())) : Optional.empty();
	}

	public Optional<String> lastSendError() {
		return Optional.ofNullable(this.lastSendError);
	}

}
