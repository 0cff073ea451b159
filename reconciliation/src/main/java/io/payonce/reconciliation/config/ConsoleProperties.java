package io.payonce.reconciliation.config;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Users of the ops API ({@code payonce.reconciliation.console.*}), as in the DLT handler's console.
 *
 * @param users local defaults admin/admin-local (ADMIN) and viewer/viewer-local (VIEWER). A password may carry
 * a Spring Security encoding prefix ({@code {bcrypt}…}); without one it is plain text
 * [PAYONCE_RECONCILIATION_CONSOLE_USERS_0_NAME, …_0_PASSWORD, …_0_ROLE]
 */
@Validated
@ConfigurationProperties("payonce.reconciliation.console")
public record ConsoleProperties(@Valid List<User> users) {

	public ConsoleProperties {
		if (users == null || users.isEmpty()) {
			users = List.of(new User("admin", "admin-local", Role.ADMIN),
					new User("viewer", "viewer-local", Role.VIEWER));
		}
	}

	public enum Role {

		/** Reads reports and posts reversals. */
		ADMIN,
		/** Reads reports only. */
		VIEWER

	}

	public record User(@NotBlank String name, @NotBlank String password, @NotNull Role role) {

	}

}
