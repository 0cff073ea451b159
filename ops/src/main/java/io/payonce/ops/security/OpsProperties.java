package io.payonce.ops.security;

import java.util.List;

import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Who may use a service's ops API and its management port ({@code payonce.ops.*}).
 *
 * @param users the ops users [PAYONCE_OPS_USERS_0_NAME, PAYONCE_OPS_USERS_0_PASSWORD, PAYONCE_OPS_USERS_0_ROLE, …].
 * No default: the local profile names an admin and a viewer (application-local.yml of each service); anywhere else a password must be a hash with its Spring Security prefix ({@code {bcrypt}…}, {@code {argon2}…})
 * and a service with an ops API refuses to start without users.
 * @param usersRequired whether this service refuses to start without users [PAYONCE_OPS_USERS_REQUIRED, default
 * true]; false for the services whose only authenticated pages are on the management port (relay, consumer)
 * @param trustedOrigins origins other than the service's own from which a browser may send a state-changing
 * request, e.g. {@code https://ops.example.com} behind a proxy that rewrites the host
 * [PAYONCE_OPS_TRUSTED_ORIGINS, comma-separated, default none]
 */
@Validated
@ConfigurationProperties("payonce.ops")
public record OpsProperties(@Valid List<User> users, Boolean usersRequired, List<String> trustedOrigins) {

	public OpsProperties {
		users = (users == null) ? List.of() : List.copyOf(users);
		usersRequired = (usersRequired == null) || usersRequired;
		trustedOrigins = (trustedOrigins == null) ? List.of() : List.copyOf(trustedOrigins);
	}

	public enum Role {

		/** Reads, and changes state: replay, resolve, reverse. */
		ADMIN,
		/** Reads only. */
		VIEWER

	}

	/**
	 * @param password a hash with its encoding prefix ({@code {bcrypt}$2a$10$…}); plain text only in the local
	 * profile
	 */
	public record User(@NotBlank String name, @NotBlank String password, @NotNull Role role) {

		/** Never prints the password, should this record reach a log line or an error message. */
		@Override
		public String toString() {
			return "User[name=" + this.name + ", role=" + this.role + "]";
		}

	}

}
