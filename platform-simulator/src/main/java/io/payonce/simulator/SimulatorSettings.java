package io.payonce.simulator;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

import io.payonce.simulator.callback.RetrySchedule;
import io.payonce.simulator.payment.FaultPlan;
import io.payonce.simulator.payment.PlatformSettings;

/**
 * Everything a simulator needs, in plain Java: what the Spring application binds from {@code payonce.simulator.*},
 * and what a test builds to run one in its own JVM.
 * @param gatewayUrl where callbacks go, e.g. {@code http://localhost:8081} (the path is DESIGN.md's)
 * @param secret the HMAC secret the gateway verifies with
 * @param timeout how long the gateway has to answer one attempt
 * @param concurrency attempts in flight at once
 * @param dataDir journal and statements
 */
public record SimulatorSettings(String gatewayUrl, String secret, RetrySchedule schedule, Duration timeout,
		int concurrency, FaultPlan faults, PlatformSettings platform, Path dataDir) {

	public SimulatorSettings {
		Objects.requireNonNull(gatewayUrl, "gatewayUrl");
		Objects.requireNonNull(secret, "secret");
		Objects.requireNonNull(schedule, "schedule");
		Objects.requireNonNull(timeout, "timeout");
		Objects.requireNonNull(faults, "faults");
		Objects.requireNonNull(platform, "platform");
		Objects.requireNonNull(dataDir, "dataDir");
	}

	/** The journal file. */
	public Path journalFile() {
		return this.dataDir.resolve("journal.jsonl");
	}

	/** Where issued statements are kept. */
	public Path statementDir() {
		return this.dataDir.resolve("statements");
	}

}
