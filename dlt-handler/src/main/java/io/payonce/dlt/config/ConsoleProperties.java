package io.payonce.dlt.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The ops console ({@code payonce.dlt.console.*}).
 *
 * @param auditFile the JSON-lines audit trail [PAYONCE_DLT_CONSOLE_AUDIT_FILE]
 * @param replayLimit records that may be replayed per {@code replayWindow} (token bucket)
 * [PAYONCE_DLT_CONSOLE_REPLAY_LIMIT, default 60]
 * @param replayWindow [PAYONCE_DLT_CONSOLE_REPLAY_WINDOW, default 1m]
 * @param users console users; local defaults admin/admin-local (ADMIN) and viewer/viewer-local (VIEWER).
 * Passwords may carry a Spring Security encoding prefix ({@code {bcrypt}…}); without one they are plain
 * text [PAYONCE_DLT_CONSOLE_USERS_0_NAME, PAYONCE_DLT_CONSOLE_USERS_0_PASSWORD, PAYONCE_DLT_CONSOLE_USERS_0_ROLE …]
 */
@Validated
@ConfigurationProperties("payonce.dlt.console")
public record ConsoleProperties(Path auditFile, @Min(1) Integer replayLimit, Duration replayWindow,
		@Valid List<User> users) {

	public ConsoleProperties {
		if (auditFile == null) {
			auditFile = Path.of(System.getProperty("java.io.tmpdir"), "payonce-dlt-handler", "audit.jsonl");
		}
		replayLimit = (replayLimit == null) ? 60 : replayLimit;
		replayWindow = (replayWindow == null || replayWindow.isZero() || replayWindow.isNegative())
				? Duration.ofMinutes(1) : replayWindow;
		if (users == null || users.isEmpty()) {
			users = List.of(new User("admin", "admin-local", Role.ADMIN), new User("viewer", "viewer-local", Role.VIEWER));
		}
	}

	public enum Role {

		/** Everything, including replay and resolve. */
		ADMIN,
		/** Read only. */
		VIEWER

	}

	public record User(@NotBlank String name, @NotBlank String password, @NotNull Role role) {

	}

}
