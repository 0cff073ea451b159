package io.payonce.relay.health;

import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;

import io.payonce.relay.config.RelayDeliveryProperties;
import io.payonce.relay.engine.RelayStatus;
import io.payonce.relay.leadership.LeadershipStatus;
import io.payonce.relay.leadership.LeadershipStatus.Role;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * Says who this instance is in the relay group ({@code role} LEADER / STANDBY / JOINING, {@code roleSince},
 * {@code instanceId}, the last hand-over and why), who leads ({@code leader}: the instance id the group coordinator
 * names, looked up every few seconds) and, for the leader, whether it streams.
 * <ul>
 * <li>STANDBY is UP: a member of the group, ready to take over, deliberately not streaming.</li>
 * <li>JOINING is DOWN: not (yet) a member, so it could not take over (Kafka unreachable, or starting).</li>
 * <li>LEADER is UP while the engine streams, the binlog connection is up and Kafka acknowledges; DOWN when the
 * engine has failed (a purged binlog says so in {@code error}), is not streaming, lost the database, or a batch
 * has waited for Kafka longer than {@code payonce.relay.delivery.unhealthy-after}.</li>
 * </ul>
 * The age of the last event is reported but not judged: an idle outbox is normal. This indicator is part of
 * the readiness group, so a Kubernetes rollout only replaces an instance once its successor has joined.
 */
public class RelayHealthIndicator implements HealthIndicator {

	private final RelayStatus status;

	private final LeadershipStatus leadership;

	private final Supplier<Optional<Boolean>> databaseConnected;

	private final RelayDeliveryProperties delivery;

	/**
	 * @param databaseConnected the connector's own view of its binlog connection (see
	 * {@link StreamingConnection}); empty while unknown
	 */
	public RelayHealthIndicator(RelayStatus status, LeadershipStatus leadership,
			Supplier<Optional<Boolean>> databaseConnected, RelayDeliveryProperties delivery) {
		this.status = status;
		this.leadership = leadership;
		this.databaseConnected = databaseConnected;
		this.delivery = delivery;
	}

	@Override
	public Health health() {
		Role role = this.leadership.role();
		Health.Builder health = switch (role) {
			case STANDBY -> Health.up();
			case JOINING -> Health.down();
			case LEADER -> streaming() ? Health.up() : Health.down();
		};
		health.withDetail("role", role.name());
		health.withDetail("roleSince", this.leadership.since().toString());
		health.withDetail("instanceId", this.leadership.instanceId());
		health.withDetail("leader", this.leadership.leader().orElse("unknown"));
		this.leadership.lastStepDown().ifPresent((reason) -> health.withDetail("lastStepDown", reason.name()));
		this.leadership.lastStepDownAt().ifPresent((at) -> health.withDetail("lastStepDownAt", at.toString()));
		health.withDetail("engine", this.status.phase().name());
		if (role == Role.LEADER) {
			health.withDetail("databaseConnected", this.databaseConnected.get().map(String::valueOf).orElse("unknown"));
		}
		this.status.failure().ifPresent((failure) -> health.withDetail("error", failure));
		this.status.lastEventAge().ifPresent((age) -> health.withDetail("lastEventAgeMs", age.toMillis()));
		this.status.awaitingAcksFor()
			.ifPresent((waiting) -> health.withDetail("kafkaAwaitingAcksForMs", waiting.toMillis()));
		this.status.sendFailingFor().ifPresent((failing) -> health.withDetail("kafkaSendFailingForMs", failing.toMillis()));
		this.status.lastSendError().ifPresent((error) -> health.withDetail("kafkaLastSendError", error));
		return health.build();
	}

	private boolean streaming() {
		Optional<Duration> awaitingAcksFor = this.status.awaitingAcksFor();
		boolean kafkaFailing = awaitingAcksFor.isPresent()
				&& awaitingAcksFor.get().compareTo(this.delivery.unhealthyAfter()) >= 0;
		return this.status.phase() == RelayStatus.Phase.STREAMING && this.databaseConnected.get().orElse(false)
				&& !kafkaFailing;
	}

}
