package io.payonce.gateway.callback.web;

import io.payonce.ops.security.OpsSecurityCustomizer;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;

/**
 * The callback endpoint is open to anyone who can sign: the HMAC over the raw body is its authentication
 * ({@link CallbackController}), so no user is asked for. Everything else of the gateway follows the shared ops
 * rules ({@code io.payonce.ops.security}): the payment lookup needs an ops user.
 */
@Configuration(proxyBeanMethods = false)
class CallbackAccess {

	@Bean
	OpsSecurityCustomizer signedCallbacksNeedNoUser() {
		return (requests) -> requests.requestMatchers(HttpMethod.POST, "/api/v1/callbacks/pay").permitAll();
	}

}
