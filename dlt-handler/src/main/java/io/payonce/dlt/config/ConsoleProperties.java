package io.payonce.dlt.config;

import java.nio.file.Path;
import java.time.Duration;

import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The ops console ({@code payonce.dlt.console.*}).
 *
 * @param auditFile the JSON-lines audit trail [PAYONCE_DLT_CONSOLE_AUDIT_FILE]
 * @param replayLimit records that may be replayed per {@code replayWindow} (token bucket)
 * [PAYONCE_DLT_CONSOLE_REPLAY_LIMIT, default 60]
 * @param replayWindow [PAYONCE_DLT_CONSOLE_REPLAY_WINDOW, default 1m]
 * <p>
 * The console's users are the service's ops users ({@code payonce.ops.users}, module {@code ops}): VIEWER reads,
 * ADMIN replays and resolves.
 */
@Validated
@ConfigurationProperties("payonce.dlt.console")
public record ConsoleProperties(Path auditFile, @Min(1) Integer replayLimit, Duration replayWindow) {

	public ConsoleProperties {
		if (auditFile == null) {
			auditFile = Path.of(System.getProperty("java.io.tmpdir"), "payonce-dlt-handler", "audit.jsonl");
		}
		replayLimit = (replayLimit == null) ? 60 : replayLimit;
		replayWindow = (replayWindow == null || replayWindow.isZero() || replayWindow.isNegative())
				? Duration.ofMinutes(1) : replayWindow;
	}

}
