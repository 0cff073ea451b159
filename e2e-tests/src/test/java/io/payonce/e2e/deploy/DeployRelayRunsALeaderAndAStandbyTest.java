package io.payonce.e2e.deploy;


import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The relay is deployed as a leader and a hot standby (issue 18): what is the relay's own beyond what every
 * replicated service has ({@link DeployNoServiceIsASingleInstanceTest}: two replicas, a disruption budget, spread
 * over nodes, twice in compose): a readiness that means "could take over" (the relay's health is in the readiness
 * group: a standby is UP), and both compose relays on the MySQL connector in the MySQL variant.
 */
class DeployRelayRunsALeaderAndAStandbyTest {

	private static final String RELAY = "outbox-relay";

	@Test
	void readyMeansAMemberOfTheRelayGroup() {
		// the readiness probe reads Spring Boot's readiness group, and the relay puts its own health in it
		Object include = ServiceSettings.of(RELAY).applicationDefault("management.endpoint.health.group.readiness.include");
		assertThat(String.valueOf(include)).contains("readinessState").contains("relay");
	}

	@Test
	void theMySqlVariantSwitchesBothRelaysToTheMySqlConnector() {
		ComposeFile mysql = ComposeFile.mysqlOverride();
		assertThat(mysql.environment(RELAY + "-2")).isEqualTo(mysql.environment(RELAY));
	}

}
