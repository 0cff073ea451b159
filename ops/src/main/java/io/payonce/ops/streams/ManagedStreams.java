package io.payonce.ops.streams;

import java.time.Duration;
import java.util.Objects;
import java.util.Properties;

import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.SmartLifecycle;

/**
 * A Kafka Streams app of a service (the dlt-handler's retry ladder and timeline, reconciliation's continuous
 * reconciliation), started and stopped with the application; a dying stream thread is replaced, its stores are
 * restored from their changelogs. Its {@link #health()} is DOWN unless the stream threads run or rebalance.
 * <p>
 * Kafka Streams is an optional dependency of {@code ops}: a service that runs a Streams app brings it.
 */
public final class ManagedStreams implements SmartLifecycle {

	/**
	 * The consumer's own switch for sending LeaveGroup on close. Kafka Streams turns it off for its members (a
	 * restarted instance is meant to get its tasks back), so a stopped instance's partitions would wait for the
	 * session timeout, and with them its due retries or pending MISSING checks;
	 * {@code KafkaStreams.close(CloseOptions.leaveGroup(true))} acts only for static members in Kafka 4.1. An internal
	 * setting: {@code RollingRestartIT} (e2e-tests) notices if it stops working.
	 */
	static final String LEAVE_GROUP_ON_CLOSE = "internal.leave.group.on.close";

	private static final Duration CLOSE_TIMEOUT = Duration.ofSeconds(30);

	private final KafkaStreams streams;

	private volatile boolean running;

	public ManagedStreams(KafkaStreams streams) {
		this.streams = Objects.requireNonNull(streams, "streams");
	}

	/**
	 * Makes a clean stop (a rollout, a scale-down) leave the group, so that the stopped instance's partitions move
	 * at once rather than after the session timeout.
	 */
	public static void leaveGroupOnClose(Properties config) {
		config.put(StreamsConfig.mainConsumerPrefix(LEAVE_GROUP_ON_CLOSE), true);
	}

	@Override
	public void start() {
		this.streams.setUncaughtExceptionHandler(
				ex -> StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.REPLACE_THREAD);
		this.streams.start();
		this.running = true;
	}

	@Override
	public void stop() {
		this.streams.close(CLOSE_TIMEOUT);
		this.running = false;
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	public KafkaStreams streams() {
		return this.streams;
	}

	/** DOWN unless the stream threads run (or rebalance). */
	public HealthIndicator health() {
		return () -> {
			KafkaStreams.State state = this.streams.state();
			Health.Builder health = (state == KafkaStreams.State.RUNNING || state == KafkaStreams.State.REBALANCING)
					? Health.up() : Health.down();
			return health.withDetail("state", state.name()).build();
		};
	}

}
