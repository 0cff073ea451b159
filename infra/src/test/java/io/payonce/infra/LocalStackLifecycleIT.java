package io.payonce.infra;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Start and stop: every process is gone after close, and a taken port gives a clear error. */
class LocalStackLifecycleIT {

	@Test
	void closeLeavesNoProcessBehind(@TempDir Path dataDir) {
		// given a running stack
		LocalStack stack = LocalStack.start(LocalStackConfig.freePorts(dataDir));
		List<Long> pids = stack.nodes().stream().map(ManagedNode::pid).toList();
		assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isPresent());
		assertThat(dataDir.resolve("kafka.pid")).exists();
		// when
		stack.close();
		// then
		assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isEmpty());
		assertThat(stack.nodes()).noneMatch(ManagedNode::isRunning);
		assertThat(dataDir.resolve("kafka.pid")).doesNotExist();
		assertThat(dataDir.resolve("mariadb.pid")).doesNotExist();
		assertThat(dataDir.resolve("redis.pid")).doesNotExist();
	}

	@Test
	void aSharedStackWhoseJvmDiedIsStoppedByTheNextOne() throws Exception {
		// given a shared stack whose owner JVM was killed before its shutdown hook could run
		Process owner = new ProcessBuilder("true").start();
		owner.waitFor();
		Path dir = Files.createTempDirectory("payonce-stack-");
		Files.writeString(dir.resolve("owner.pid"), owner.pid() + "\n");
		LocalStack orphan = LocalStack.start(LocalStackConfig.freePorts(dir));
		List<Long> pids = orphan.nodes().stream().map(ManagedNode::pid).toList();

		// when the next JVM looks for orphans (as shared() does)
		LocalStack.stopOrphanedSharedStacks();

		// then
		assertThat(pids).allSatisfy(pid -> assertThat(ProcessHandle.of(pid)).isEmpty());
		assertThat(dir).doesNotExist();
	}

	@Test
	void aTakenPortIsReportedWithNodeAndPort(@TempDir Path dataDir) throws Exception {
		try (ServerSocket squatter = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			LocalStackConfig free = LocalStackConfig.freePorts(dataDir);
			LocalStackConfig config = new LocalStackConfig(dataDir, free.kafkaPort(), free.kafkaControllerPort(),
					free.mariaDbPort(), squatter.getLocalPort(), 1);
			assertThatThrownBy(() -> LocalStack.start(config)).isInstanceOf(NodeStartException.class)
				.hasMessageContaining("redis")
				.hasMessageContaining(Integer.toString(squatter.getLocalPort()))
				.hasMessageContaining("already in use");
			// and the MariaDB started before it was stopped again
			assertThat(Files.exists(dataDir.resolve("mariadb.pid"))).isFalse();
		}
	}

}
