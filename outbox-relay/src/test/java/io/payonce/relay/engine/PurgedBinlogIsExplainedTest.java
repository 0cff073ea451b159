package io.payonce.relay.engine;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PurgedBinlogIsExplainedTest {

	@Test
	void aPurgedBinlogFailureNamesTheProblemAndKeepsTheCause() {
		// given
		Exception cause = new IllegalStateException(
				"The connector is trying to read binlog starting at mariadb-bin.000001, pos 4, but this is no "
						+ "longer available on the server. Reconfigure the connector to use a snapshot when needed.");

		// when
		String explained = RelayEngine.explain("Connector failed to start", new RuntimeException("task", cause));

		// then
		assertThat(explained).startsWith("BINLOG PURGED").contains("mariadb-bin.000001");
	}

	@Test
	void otherFailuresAreReportedAsTheyAre() {
		// when
		String explained = RelayEngine.explain("Engine failed", new RuntimeException("Access denied for user"));

		// then
		assertThat(explained).doesNotContain("BINLOG PURGED").contains("Access denied for user");
	}

}
