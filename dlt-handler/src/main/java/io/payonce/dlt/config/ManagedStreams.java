package io.payonce.dlt.config;

import java.time.Duration;

import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.SmartLifecycle;

/**
 * A Kafka Streams app of the handler (the retry ladder, the timeline), started and stopped with the application; a
 * dying stream thread is replaced, the stores are restored from their changelogs.
 */
public final class ManagedStreams implements SmartLifecycle {

	private final KafkaStreams streams;

	private volatile boolean running;

	public ManagedStreams(KafkaStreams streams) {
		this.streams = streams;
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
		this.streams.close(Duration.ofSeconds(30));
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
