package io.payonce.infra;

import java.util.Map;
import java.util.function.UnaryOperator;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class StackOptionsTest {

	private static final UnaryOperator<String> NONE = name -> null;

	private static UnaryOperator<String> of(Map<String, String> values) {
		return values::get;
	}

	@Test
	void unsetMeansTheLocalProcessesWithMariaDb() {
		assertThat(StackOptions.parse(NONE, NONE)).isEqualTo(StackOptions.LOCAL);
		assertThat(StackOptions.parse(of(Map.of("payonce.stack", " ")), of(Map.of("PAYONCE_STACK", ""))))
			.isEqualTo(StackOptions.LOCAL);
		assertThat(StackOptions.parse(NONE, of(Map.of("PAYONCE_STACK", "local")))).isEqualTo(StackOptions.LOCAL);
	}

	@Test
	void environmentSwitchesToTestcontainersWithMariaDbByDefault() {
		StackOptions options = StackOptions.parse(NONE, of(Map.of("PAYONCE_STACK", "testcontainers")));

		assertThat(options.mode()).isEqualTo(StackOptions.Mode.TESTCONTAINERS);
		assertThat(options.database()).isEqualTo(StackOptions.Database.MARIADB);
		assertThat(options).hasToString("testcontainers/mariadb");
	}

	@Test
	void mysqlFlavourNamesTheRelayConnector() {
		StackOptions options = StackOptions.parse(NONE,
				of(Map.of("PAYONCE_STACK", "testcontainers", "PAYONCE_STACK_DB", "mysql")));

		assertThat(options.database()).isEqualTo(StackOptions.Database.MYSQL);
		assertThat(options.database().relayFlavour()).isEqualTo("MYSQL");
		assertThat(StackOptions.Database.MARIADB.relayFlavour()).isEqualTo("MARIADB");
	}

	@Test
	void systemPropertyWinsOverTheEnvironmentAndCaseAndBlanksDoNotMatter() {
		StackOptions options = StackOptions.parse(
				of(Map.of("payonce.stack", " TestContainers ", "payonce.stack.db", "MySQL")),
				of(Map.of("PAYONCE_STACK", "local", "PAYONCE_STACK_DB", "mariadb")));

		assertThat(options).isEqualTo(new StackOptions(StackOptions.Mode.TESTCONTAINERS, StackOptions.Database.MYSQL));
	}

	@Test
	void unknownValueNamesTheSettingAndWhatItAccepts() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> StackOptions.parse(NONE, of(Map.of("PAYONCE_STACK", "docker"))))
			.withMessageContaining("PAYONCE_STACK='docker'")
			.withMessageContaining("local, testcontainers");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> StackOptions.parse(of(Map.of("payonce.stack.db", "postgres")),
					of(Map.of("PAYONCE_STACK", "testcontainers"))))
			.withMessageContaining("-Dpayonce.stack.db='postgres'")
			.withMessageContaining("mariadb, mysql");
	}

	@Test
	void mysqlWithoutContainersIsRefusedRatherThanSilentlyMariaDb() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> StackOptions.parse(NONE, of(Map.of("PAYONCE_STACK_DB", "mysql"))))
			.withMessageContaining("PAYONCE_STACK=testcontainers")
			.withMessageContaining("MariaDB only");
	}

}
