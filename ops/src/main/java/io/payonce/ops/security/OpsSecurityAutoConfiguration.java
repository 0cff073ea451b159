package io.payonce.ops.security;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import jakarta.servlet.DispatcherType;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.http.HttpMethod;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;

/**
 * The one security set-up of every service: its ops API and its management port.
 * <ul>
 * <li>HTTP basic against {@code payonce.ops.users}; stateless (no session, so no cookie to ride on).</li>
 * <li>Open: the probes and status-only health ({@code /actuator/health/**}), {@code /actuator/info},
 * {@code /actuator/prometheus}. They live on the management port, which is never exposed outside the cluster;
 * health details ({@code show-details: when-authorized}) need a user.</li>
 * <li>Reads (GET, HEAD) need VIEWER or ADMIN; every other method needs ADMIN (401 without credentials, 403
 * with the wrong role). A service adds its own rules first ({@link OpsSecurityCustomizer}).</li>
 * <li>Every state-changing request passes {@link CrossOriginWriteFilter} first.</li>
 * </ul>
 * The same filter chain guards the management port's child context (Spring Boot registers it there too).
 */
@AutoConfiguration(beforeName = { "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration" })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@EnableWebSecurity
@EnableConfigurationProperties(OpsProperties.class)
public class OpsSecurityAutoConfiguration {

	private static final String ADMIN = OpsProperties.Role.ADMIN.name();

	private static final String VIEWER = OpsProperties.Role.VIEWER.name();

	@Bean
	@ConditionalOnMissingBean(SecurityFilterChain.class)
	SecurityFilterChain opsSecurity(HttpSecurity http, OpsProperties properties,
			ObjectProvider<OpsSecurityCustomizer> customizers) throws Exception {
		http.authorizeHttpRequests((requests) -> {
			customizers.orderedStream().forEach((customizer) -> customizer.customize(requests));
			requests.dispatcherTypeMatchers(DispatcherType.ERROR)
				.permitAll()
				.requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/info", "/actuator/prometheus")
				.permitAll()
				.requestMatchers(HttpMethod.GET, "/**")
				.hasAnyRole(ADMIN, VIEWER)
				.requestMatchers(HttpMethod.HEAD, "/**")
				.hasAnyRole(ADMIN, VIEWER)
				.anyRequest()
				.hasRole(ADMIN);
		})
			.httpBasic((basic) -> basic.realmName("PayOnce ops"))
			.csrf((csrf) -> csrf.disable()) // replaced by the Origin / Sec-Fetch-Site check below
			.addFilterBefore(new CrossOriginWriteFilter(properties.trustedOrigins()), BasicAuthenticationFilter.class)
			.headers((headers) -> headers
				.contentSecurityPolicy((csp) -> csp.policyDirectives("default-src 'self'; frame-ancestors 'none'")))
			.sessionManagement((session) -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS));
		return http.build();
	}

	@Bean
	@ConditionalOnMissingBean
	PasswordEncoder passwordEncoder() {
		return PasswordEncoderFactories.createDelegatingPasswordEncoder();
	}

	/**
	 * The ops users, their passwords checked once per {@link RecentCredentials} ttl, not once per request: basic
	 * authentication sends them with every request, and a BCrypt check is ~50 ms of CPU. The users are no bean of
	 * their own (Spring Security would otherwise warn that a second, unused login path exists).
	 */
	@Bean
	@ConditionalOnMissingBean(AuthenticationProvider.class)
	RecentCredentials opsAuthentication(OpsProperties properties, PasswordEncoder passwordEncoder) {
		DaoAuthenticationProvider passwords = new DaoAuthenticationProvider(opsUsers(properties));
		passwords.setPasswordEncoder(passwordEncoder);
		return new RecentCredentials(passwords, Clock.systemUTC(), Duration.ofMinutes(5), 1024);
	}

	static InMemoryUserDetailsManager opsUsers(OpsProperties properties) {
		List<UserDetails> users = new ArrayList<>();
		for (OpsProperties.User user : properties.users()) {
			// plain text gets through the start-up check only in the local profile (UnsafeSettings)
			String password = hasEncoding(user.password()) ? user.password() : "{noop}" + user.password();
			users.add(User.withUsername(user.name()).password(password).roles(user.role().name()).build());
		}
		return new InMemoryUserDetailsManager(users);
	}

	private static boolean hasEncoding(String password) {
		return password.startsWith("{") && password.indexOf('}') > 0;
	}

}
