package io.payonce.ops.security;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RecentCredentialsTest {

	private final MutableClock clock = new MutableClock(Instant.parse("2026-12-01T01:00:00Z"));

	private final AtomicInteger passwordChecks = new AtomicInteger();

	private final RecentCredentials authentication = new RecentCredentials(countingPasswords(), this.clock,
			Duration.ofMinutes(5), 3);

	@Test
	void aVerifiedPasswordIsNotHashedAgainWithinTheTtl() {
		Authentication first = this.authentication.authenticate(login("viewer", "viewer-secret"));
		Authentication second = this.authentication.authenticate(login("viewer", "viewer-secret"));

		assertThat(this.passwordChecks).hasValue(1);
		assertThat(second.isAuthenticated()).isTrue();
		assertThat(second.getName()).isEqualTo("viewer");
		assertThat(second.getAuthorities()).isEqualTo(first.getAuthorities());
		assertThat(second.getCredentials()).isNull();
	}

	@Test
	void aWrongPasswordIsCheckedEveryTimeAndRefusedEveryTime() {
		this.authentication.authenticate(login("viewer", "viewer-secret"));

		for (int attempt = 0; attempt < 3; attempt++) {
			assertThatThrownBy(() -> this.authentication.authenticate(login("viewer", "viewer-secreT")))
				.isInstanceOf(BadCredentialsException.class);
		}

		assertThat(this.passwordChecks).hasValue(4);
	}

	@Test
	void afterTheTtlThePasswordIsCheckedAgain() {
		this.authentication.authenticate(login("admin", "admin-secret"));
		this.clock.advance(Duration.ofMinutes(5));

		this.authentication.authenticate(login("admin", "admin-secret"));

		assertThat(this.passwordChecks).hasValue(2);
	}

	@Test
	void whenFullEverythingIsForgottenAndCheckedAgain() {
		this.authentication.authenticate(login("viewer", "viewer-secret"));
		this.authentication.authenticate(login("admin", "admin-secret"));
		this.authentication.authenticate(login("auditor", "auditor-secret"));
		assertThat(this.authentication.size()).isEqualTo(3);

		this.authentication.authenticate(login("viewer2", "viewer2-secret"));

		assertThat(this.authentication.size()).isEqualTo(1);
		this.authentication.authenticate(login("viewer", "viewer-secret"));
		assertThat(this.passwordChecks).hasValue(5);
	}

	@Test
	void oneUsersPasswordIsNeverAnotherUsers() {
		this.authentication.authenticate(login("viewer", "viewer-secret"));

		assertThatThrownBy(() -> this.authentication.authenticate(login("admin", "viewer-secret")))
			.isInstanceOf(BadCredentialsException.class);
	}

	private static UsernamePasswordAuthenticationToken login(String user, String password) {
		return UsernamePasswordAuthenticationToken.unauthenticated(user, password);
	}

	private AuthenticationProvider countingPasswords() {
		PasswordEncoder bcrypt = PasswordEncoderFactories.createDelegatingPasswordEncoder();
		InMemoryUserDetailsManager users = new InMemoryUserDetailsManager(
				User.withUsername("viewer").password(bcrypt.encode("viewer-secret")).roles("VIEWER").build(),
				User.withUsername("admin").password(bcrypt.encode("admin-secret")).roles("ADMIN").build(),
				User.withUsername("auditor").password(bcrypt.encode("auditor-secret")).roles("VIEWER").build(),
				User.withUsername("viewer2").password(bcrypt.encode("viewer2-secret")).roles("VIEWER").build());
		DaoAuthenticationProvider passwords = new DaoAuthenticationProvider(users);
		passwords.setPasswordEncoder(new PasswordEncoder() {

			@Override
			public String encode(CharSequence raw) {
				return bcrypt.encode(raw);
			}

			@Override
			public boolean matches(CharSequence raw, String encoded) {
				RecentCredentialsTest.this.passwordChecks.incrementAndGet();
				return bcrypt.matches(raw, encoded);
			}

		});
		return passwords;
	}

	private static final class MutableClock extends java.time.Clock {

		private Instant now;

		MutableClock(Instant now) {
			this.now = now;
		}

		void advance(Duration duration) {
			this.now = this.now.plus(duration);
		}

		@Override
		public java.time.ZoneId getZone() {
			return ZoneOffset.UTC;
		}

		@Override
		public java.time.Clock withZone(java.time.ZoneId zone) {
			return this;
		}

		@Override
		public Instant instant() {
			return this.now;
		}

	}

}
