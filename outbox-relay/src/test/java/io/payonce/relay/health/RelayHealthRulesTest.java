package io.payonce.relay.health;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Optional;

import io.payonce.relay.config.RelayDeliveryProperties;
import io.payonce.relay.engine.RelayStatus;
import io.payonce.relay.leadership.LeadershipStatus;
import io.payonce.relay.leadership.LeadershipStatus.Role;
import io.payonce.relay.leadership.LeadershipStatus.StepDown;
import org.junit.jupiter.api.Test;

import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

import static org.assertj.core.api.Assertions.assertThat;

class RelayHealthRulesTest {

	private final MovableClock clock = new MovableClock(Instant.parse("2026-11-29T09:00:00Z"));

	private final RelayStatus status = new RelayStatus(this.clock);

	private final LeadershipStatus leadership = new LeadershipStatus("relay-a-7", this.clock);

	private final RelayDeliveryProperties delivery = new RelayDeliveryProperties(Duration.ofMillis(200),
			Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ZERO);

	private Health health(Optional<Boolean> connected) {
		return new RelayHealthIndicator(this.status, this.leadership, () -> connected, this.delivery).health();
	}

	@Test
	void aStandbyIsUpAndSaysItStandsBySinceWhenAndWhy() {
		// given a former leader that was fenced and now stands by
		this.leadership.become(Role.LEADER);
		this.status.starting();
		this.status.streaming();
		this.status.fenced("ProducerFencedException: ...");
		this.leadership.steppedDown(StepDown.FENCED);
		this.status.stopped();
		this.clock.advance(Duration.ofSeconds(3));
		this.leadership.become(Role.STANDBY);
		this.leadership.leaderIs("relay-b-9");

		// when
		Health health = health(Optional.empty());

		// then ready (it can take over), not streaming, and it says who it is
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsEntry("role", "STANDBY")
			.containsEntry("roleSince", "2026-11-29T09:00:03Z")
			.containsEntry("instanceId", "relay-a-7")
			.containsEntry("leader", "relay-b-9")
			.containsEntry("lastStepDown", "FENCED")
			.containsEntry("engine", "FENCED")
			.doesNotContainKey("databaseConnected");
	}

	@Test
	void anInstanceOutsideTheGroupIsDownBecauseItCouldNotTakeOver() {
		// given a new instance that has not joined the group yet (Kafka unreachable)
		// when
		Health health = health(Optional.empty());

		// then
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(health.getDetails()).containsEntry("role", "JOINING");
	}

	@Test
	void streamingAndConnectedIsUpAndReportsTheAgeOfTheLastEvent() {
		// given the leader
		this.leadership.become(Role.LEADER);
		this.status.starting();
		this.status.streaming();
		this.status.awaitingAcks();
		this.status.acknowledged();
		this.status.relayed();

		// when
		this.clock.advance(Duration.ofSeconds(7));
		Health health = health(Optional.of(true));

		// then
		assertThat(health.getStatus()).isEqualTo(Status.UP);
		assertThat(health.getDetails()).containsEntry("lastEventAgeMs", 7_000L)
			.containsEntry("role", "LEADER")
			.containsEntry("leader", "relay-a-7")
			.containsEntry("databaseConnected", "true");
	}

	@Test
	void aBatchWaitingForKafkaLongerThanTheLimitIsDownAndRecoversOnceAcknowledged() {
		// given the leader
		this.leadership.become(Role.LEADER);
		this.status.streaming();
		this.status.awaitingAcks();

		// when
		this.clock.advance(Duration.ofSeconds(31));

		// then
		assertThat(health(Optional.of(true)).getStatus()).isEqualTo(Status.DOWN);
		this.status.acknowledged();
		assertThat(health(Optional.of(true)).getStatus()).isEqualTo(Status.UP);
	}

	@Test
	void aLostBinlogConnectionIsDown() {
		// given the leader
		this.leadership.become(Role.LEADER);
		this.status.streaming();

		// when / then
		assertThat(health(Optional.of(false)).getStatus()).isEqualTo(Status.DOWN);
		assertThat(health(Optional.empty()).getStatus()).isEqualTo(Status.DOWN);
	}

	@Test
	void aFailedEngineIsDownAndSaysWhy() {
		// given the leader
		this.leadership.become(Role.LEADER);
		this.status.streaming();

		// when
		this.status.failed("BINLOG PURGED: ...");
		this.status.stopped();

		// then
		Health health = health(Optional.of(true));
		assertThat(health.getStatus()).isEqualTo(Status.DOWN);
		assertThat(health.getDetails()).containsEntry("engine", "FAILED").containsEntry("error", "BINLOG PURGED: ...");
	}

	private static final class MovableClock extends Clock {

		private Instant now;

		MovableClock(Instant now) {
			this.now = now;
		}

		void advance(Duration duration) {
			this.now = this.now.plus(duration);
		}

		@Override
		public ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public Clock withZone(ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
