package io.payonce.gateway.callback.web;

import java.io.IOException;
import java.util.List;

import io.payonce.ops.security.OpsSecurityCustomizer;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.configuration.WebSecurityCustomizer;
import org.springframework.security.web.header.HeaderWriterFilter;
import org.springframework.security.web.header.writers.CacheControlHeadersWriter;
import org.springframework.security.web.header.writers.ContentSecurityPolicyHeaderWriter;
import org.springframework.security.web.header.writers.HstsHeaderWriter;
import org.springframework.security.web.header.writers.XContentTypeOptionsHeaderWriter;
import org.springframework.security.web.header.writers.XXssProtectionHeaderWriter;
import org.springframework.security.web.header.writers.frameoptions.XFrameOptionsHeaderWriter;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The callback endpoint is open to anyone who can sign: the HMAC over the raw body is its authentication
 * ({@link CallbackController}), so no user is asked for. Everything else of the gateway follows the shared ops
 * rules ({@code io.payonce.ops.security}): the payment lookup needs an ops user.
 * <p>
 * The lean path (issue 19): a platform's callback, a {@code POST} without {@code Authorization}, {@code Origin} or
 * {@code Sec-Fetch-Site}, skips Spring Security's filter chain. That chain, with its per-filter observations, was the
 * largest part of the gateway's CPU per callback ({@code benchmarks/results/gateway-request-path.md}) and did nothing
 * for such a request but permit it and write the security headers, which {@link #callbackSecurityHeaders()} writes
 * with Spring Security's own writers, as the ops chain configures them. A request with any of those three headers
 * comes from a browser or carries credentials: it goes through the whole chain as before (cross-origin refusal, a
 * 401 for bad credentials), so every answer stays what it was ({@code CallbackAnswersKeepTheirExactBytesIT}).
 */
@Configuration(proxyBeanMethods = false)
class CallbackAccess {

	static final String PATH = "/api/v1/callbacks/pay";

	/** The ops chain's Content-Security-Policy ({@code OpsSecurityAutoConfiguration}). */
	private static final String CONTENT_SECURITY_POLICY = "default-src 'self'; frame-ancestors 'none'";

	/** A callback as a payment platform sends it: a machine, no browser, no user. */
	static final RequestMatcher PLATFORM_CALLBACK = new PlatformCallback(
			PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.POST, PATH));

	@Bean
	OpsSecurityCustomizer signedCallbacksNeedNoUser() {
		return (requests) -> requests.requestMatchers(HttpMethod.POST, PATH).permitAll();
	}

	/** Spring Security leaves the platform's callbacks alone (it warns about this at start; see above why). */
	@Bean
	WebSecurityCustomizer platformCallbacksSkipTheSecurityChain() {
		return (web) -> web.ignoring().requestMatchers(PLATFORM_CALLBACK);
	}

	/**
	 * The headers the ops chain writes on every answer (Spring Security's defaults, frame options DENY, HSTS only
	 * over TLS, and the ops CSP), in its order, written when the response is committed as there.
	 */
	@Bean
	FilterRegistrationBean<CallbackSecurityHeaders> callbackSecurityHeaders() {
		HeaderWriterFilter headers = new HeaderWriterFilter(List.of(new XContentTypeOptionsHeaderWriter(),
				new XXssProtectionHeaderWriter(), new CacheControlHeadersWriter(), new HstsHeaderWriter(),
				new XFrameOptionsHeaderWriter(XFrameOptionsHeaderWriter.XFrameOptionsMode.DENY),
				new ContentSecurityPolicyHeaderWriter(CONTENT_SECURITY_POLICY)));
		FilterRegistrationBean<CallbackSecurityHeaders> registration = new FilterRegistrationBean<>(
				new CallbackSecurityHeaders(headers));
		registration.addUrlPatterns(PATH);
		// where Spring Security's chain runs (SecurityFilterProperties.DEFAULT_FILTER_ORDER), just before it
		registration.setOrder(-101);
		// what Boot registered the OncePerRequestFilter this was for, and what that filter then skipped: request
		// dispatches only
		registration.setDispatcherTypes(DispatcherType.REQUEST);
		return registration;
	}

	/**
	 * Writes the security headers on the platform's callbacks, the ones the security chain no longer sees. A plain
	 * filter for request dispatches (issue 19): as a {@code OncePerRequestFilter} it set, read and removed a request
	 * attribute on every callback, on top of the one {@link HeaderWriterFilter} keeps itself.
	 */
	static final class CallbackSecurityHeaders implements Filter {

		private final HeaderWriterFilter headers;

		CallbackSecurityHeaders(HeaderWriterFilter headers) {
			this.headers = headers;
		}

		@Override
		public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
				throws ServletException, IOException {
			if (PLATFORM_CALLBACK.matches((HttpServletRequest) request)) {
				this.headers.doFilter(request, response, chain);
			}
			else {
				chain.doFilter(request, response);
			}
		}

	}

	/** The callback's method and path, and none of the headers that make a request a browser's or a user's. */
	private record PlatformCallback(RequestMatcher path) implements RequestMatcher {

		@Override
		public boolean matches(HttpServletRequest request) {
			return request.getHeader(HttpHeaders.AUTHORIZATION) == null && request.getHeader(HttpHeaders.ORIGIN) == null
					&& request.getHeader("Sec-Fetch-Site") == null && this.path.matches(request);
		}

		/** What Spring Security's start-up warning about ignored requests names. */
		@Override
		public String toString() {
			return this.path + " without Authorization, Origin or Sec-Fetch-Site (a platform's callback: the"
					+ " signature is its authentication, CallbackAccess writes the security headers)";
		}

	}

}
