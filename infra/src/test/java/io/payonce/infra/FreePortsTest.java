package io.payonce.infra;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The ports tests hand to the processes they start lie below the kernel's ephemeral range, where no outgoing
 * connection takes them between their choice and their bind ("Port already in use" at a service's start).
 */
class FreePortsTest {

	private static final Path RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

	@Test
	void theEphemeralRangeIsReadAsTheKernelStatesIt() throws Exception {
		assumeTrue(Files.exists(RANGE), "Linux only");
		// what `cat` shows: "32768	60999" by default
		String stated = new String(new ProcessBuilder("cat", RANGE.toString()).start().getInputStream().readAllBytes())
			.trim()
			.split("\\s+")[0];

		assertThat(LocalStackConfig.Ports.ephemeralRangeStart()).isEqualTo(Integer.parseInt(stated));
	}

	@Test
	void chosenPortsLieBelowTheEphemeralRangeAndAreDistinct() {
		int ephemeralStart = LocalStackConfig.Ports.ephemeralRangeStart();
		assumeTrue(ephemeralStart >= 21_000, "room below the ephemeral range");

		int[] ports = LocalStackConfig.Ports.freePorts(8);

		assertThat(java.util.Arrays.stream(ports).boxed().toList())
			.allSatisfy((port) -> assertThat(port).isBetween(20_000, ephemeralStart - 1))
			.doesNotHaveDuplicates();
		assertThat(LocalStackConfig.freePort()).isLessThan(ephemeralStart);
	}

}
