package io.payonce.reconciliation.config;

import java.util.ArrayList;
import java.util.List;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/**
 * HTTP basic, as the DLT handler's console: VIEWER reads reports, only ADMIN posts reversals (403 otherwise),
 * no credentials is 401. Stateless, so no session cookie to ride on; CSRF is off because every write needs a
 * JSON body and basic credentials.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

	@Bean
	SecurityFilterChain reconciliationSecurity(HttpSecurity http) throws Exception {
		http.authorizeHttpRequests(requests -> requests
			.requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/prometheus")
			.permitAll()
			.requestMatchers(HttpMethod.GET, "/api/**")
			.hasAnyRole(ConsoleProperties.Role.ADMIN.name(), ConsoleProperties.Role.VIEWER.name())
			.requestMatchers("/api/**")
			.hasRole(ConsoleProperties.Role.ADMIN.name())
			.anyRequest()
			.hasRole(ConsoleProperties.Role.ADMIN.name()))
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
			String password = user.password().startsWith("{") ? user.password() : "{noop}" + user.password();
			users.add(User.withUsername(user.name()).password(password).roles(user.role().name()).build());
		}
		return new InMemoryUserDetailsManager(users);
	}

}
