package io.payonce.gateway.callback.web;

import java.io.IOException;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import org.slf4j.MDC;

import org.springframework.stereotype.Component;

/**
 * Removes the {@code orderNo} logging context at the end of each request. The controller sets it as soon as
 * the body is validated, and it must outlive the controller method so that {@link CallbackProblems} logs a
 * 409 or 503 with the order it concerns; clearing it here keeps it from leaking to the thread's next request.
 * A plain filter, not a {@code OncePerRequestFilter}: removing a key twice is harmless, and the once-only guard cost a
 * request attribute (set, read, removed, its name built) on every request (issue 19). Registered for request
 * dispatches only, like every {@code @Component} filter, so an error dispatch does not pass here.
 */
@Component
class OrderNoMdcFilter implements Filter {

	static final String ORDER_NO = "orderNo";

	@Override
	public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
			throws IOException, ServletException {
		try {
			chain.doFilter(request, response);
		}
		finally {
			MDC.remove(ORDER_NO);
		}
	}

}
