package io.payonce.relay.health;

import java.time.Duration;
import java.util.Optional;

import io.payonce.relay.config.RelayDeliveryProperties;
import io.payonce.relay.engine.RelayStatus;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * UP while the engine streams, the binlog connection is up and Kafka sends succeed. DOWN when the engine has
 * failed (a purged binlog says so in {@code error}), is not streaming, lost the database, or sends have been
 * failing for longer than the configured time. The age of the last event is reported but not judged: an idle
 * outbox is normal.
 */
public class RelayHealthIndicator implements HealthIndicator {

	private final RelayStatus status;

	private final StreamingConnection connection;

	private final RelayDeliveryProperties delivery;

	public RelayHealthIndicator(RelayStatus status, StreamingConnection connection, RelayDeliveryProperties delivery) {
		this.status = status;
		this.connection = connection;
		this.delivery = delivery;
	}

	@Override
	public Health health() {
		RelayStatus.Phase phase = this.status.phase();
		Optional<Boolean> connected = this.connection.connected();
		Optional<Duration> sendFailingFor = this.status.sendFailingFor();
		boolean kafkaFailing = sendFailingFor.isPresent()
				&& sendFailingFor.get().compareTo(this.delivery.unhealthyAfterFailingFor()) >= 0;
		boolean up = phase == RelayStatus.Phase.STREAMING && connected.orElse(false) && !kafkaFailing;
		Health.Builder health = up ? Health.up() : Health.down();
		health.withDetail("engine", phase.name());
		health.withDetail("databaseConnected", connected.map(String::valueOf).orElse("unknown"));
		this.status.failure().ifPresent((failure) -> health.withDetail("error", failure));
		this.status.lastEventAge().ifPresent((age) -> health.withDetail("lastEventAgeMs", age.toMillis()));
		sendFailingFor.ifPresent((failing) -> health.withDetail("kafkaSendFailingForMs", failing.toMillis()));
		this.status.lastSendError().ifPresent((error) -> health.withDetail("kafkaLastSendError", error));
		return health.build();
	}

}
