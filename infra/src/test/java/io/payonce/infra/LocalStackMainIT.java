package io.payonce.infra;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code ./payonce up|status|down} on a repository without service jars, on free ports. */
class LocalStackMainIT {

	@Test
	void upStartsTheStackSkipsUnbuiltServicesAndDownLeavesNothingBehind(@TempDir Path repo) {
		// given a checkout where no service is built
		ByteArrayOutputStream output = new ByteArrayOutputStream();
		LocalStackMain main = new LocalStackMain(repo, new PrintStream(output, true, StandardCharsets.UTF_8),
				LocalStackConfig::freePorts);

		// when
		int up = main.up();

		// then the stack runs, each missing service is reported, and the state says where everything is
		String printed = output.toString(StandardCharsets.UTF_8);
		assertThat(up).as(printed).isZero();
		assertThat(printed).contains("SKIPPED producer-gateway", "SKIPPED outbox-relay", "SKIPPED deduct-consumer",
				"SKIPPED dlt-handler", "PayOnce is up", "kafka.log");
		Properties state = main.readState();
		List<Long> pids = List.of("kafka.pid", "mariadb.pid", "redis.pid")
			.stream()
			.map(key -> Long.parseLong(state.getProperty(key)))
			.toList();
		assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isPresent());
		assertThat(main.status()).isZero();
		// and a second up finds it running instead of starting a second stack
		assertThat(main.up()).isZero();
		assertThat(output.toString(StandardCharsets.UTF_8)).contains("already up");

		// when
		assertThat(main.down()).isZero();

		// then
		assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isEmpty());
		assertThat(repo.resolve(".payonce/state.properties")).doesNotExist();
		assertThat(main.status()).as("nothing running").isEqualTo(3);
	}

}
