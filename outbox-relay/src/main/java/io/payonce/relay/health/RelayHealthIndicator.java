package io.payonce.relay.health;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

import io.payonce.relay.config.RelayDeliveryProperties;
import io.payonce.relay.engine.RelayStatus;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * UP while the engine streams, the binlog connection is up and Kafka acknowledges. DOWN when the engine has
 * failed (a purged binlog says so in {@code error}), is not streaming, lost the database, or a batch has
 * waited for Kafka's acknowledgement longer than {@code payonce.relay.delivery.unhealthy-after}. The age of
 * the last event is reported but not judged: an idle outbox is normal.
 */
public class RelayHealthIndicator implements HealthIndicator {

	private final RelayStatus status;

	private final Supplier<Optional<Boolean>> databaseConnected;

	private final RelayDeliveryProperties delivery;

	/**
	 * @param databaseConnected the connector's own view of its binlog connection (see
	 * {@link StreamingConnection}); empty while unknown
	 */
	public RelayHealthIndicator(RelayStatus status, Supplier<Optional<Boolean>> databaseConnected,
			RelayDeliveryProperties delivery) {
		this.status = status;
		this.databaseConnected = databaseConnected;
		this.delivery = delivery;
	}

	@Override
	public Health health() {
		RelayStatus.Phase phase = this.status.phase();
		Optional<Boolean> connected = this.databaseConnected.get();
		Optional<Duration> awaitingAcksFor = this.status.awaitingAcksFor();
		Optional<Duration> sendFailingFor = this.status.sendFailingFor();
		boolean kafkaFailing = awaitingAcksFor.isPresent()
				&& awaitingAcksFor.get().compareTo(this.delivery.unhealthyAfter()) >= 0;
		boolean up = phase == RelayStatus.Phase.STREAMING && connected.orElse(false) && !kafkaFailing;
		Health.Builder health = up ? Health.up() : Health.down();
		health.withDetail("engine", phase.name());
		health.withDetail("databaseConnected", connected.map(String::valueOf).orElse("unknown"));
		this.status.failure().ifPresent((failure) -> health.withDetail("error", failure));
		this.status.lastEventAge().ifPresent((age) -> health.withDetail("lastEventAgeMs", age.toMillis()));
		awaitingAcksFor.ifPresent((waiting) -> health.withDetail("kafkaAwaitingAcksForMs", waiting.toMillis()));
		sendFailingFor.ifPresent((failing) -> health.withDetail("kafkaSendFailingForMs", failing.toMillis()));
		this.status.lastSendError().ifPresent((error) -> health.withDetail("kafkaLastSendError", error));
		return health.build();
	}

}
