package io.payonce.ops.security;

import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AuthorizeHttpRequestsConfigurer;

/**
 * A service's own rules, applied before the shared ones of {@link OpsSecurityAutoConfiguration} (first match
 * wins). The gateway uses it to open its signed callback endpoint, which authenticates by signature, not by
 * user.
 */
@FunctionalInterface
public interface OpsSecurityCustomizer {

	void customize(AuthorizeHttpRequestsConfigurer<HttpSecurity>.AuthorizationManagerRequestMatcherRegistry requests);

}
