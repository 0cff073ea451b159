package io.payonce.dlt.console.web;

import java.util.ArrayList;
import java.util.List;

import io.payonce.dlt.config.ConsoleProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/**
 * HTTP basic for everything but health and metrics. VIEWER reads; only ADMIN replays or resolves (403
 * otherwise); no credentials is 401. Stateless: no session, so no session cookie to ride on. CSRF tokens
 * are off because every write requires a JSON body (see {@link TerminalController}).
 */
@Configuration(proxyBeanMethods = false)
@EnableWebSecurity
class ConsoleSecurityConfiguration {

	@Bean
	SecurityFilterChain consoleSecurity(HttpSecurity http) throws Exception {
		http.authorizeHttpRequests(requests -> requests
			.requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/prometheus")
			.permitAll()
			.requestMatchers(HttpMethod.GET, "/api/**")
			.hasAnyRole(ConsoleProperties.Role.ADMIN.name(), ConsoleProperties.Role.VIEWER.name())
			.requestMatchers("/api/**")
			.hasRole(ConsoleProperties.Role.ADMIN.name())
			.anyRequest()
			.hasAnyRole(ConsoleProperties.Role.ADMIN.name(), ConsoleProperties.Role.VIEWER.name()))
			.httpBasic(Customizer.withDefaults())
			.csrf(csrf -> csrf.disable())
			.sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS));
		return http.build();
	}

	@Bean
	PasswordEncoder passwordEncoder() {
		return PasswordEncoderFactories.createDelegatingPasswordEncoder();
	}

	@Bean
	InMemoryUserDetailsManager consoleUsers(ConsoleProperties properties) {
		List<UserDetails> users = new ArrayList<>();
		for (ConsoleProperties.User user : properties.users()) {
			// a password without an {id} prefix is plain text from local settings
			String password = user.password().startsWith("{") ? user.password() : "{noop}" + user.password();
			users.add(User.withUsername(user.name()).password(password).roles(user.role().name()).build());
		}
		return new InMemoryUserDetailsManager(users);
	}

}
