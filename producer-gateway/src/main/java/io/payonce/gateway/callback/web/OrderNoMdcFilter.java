package io.payonce.gateway.callback.web;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.MDC;

import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Removes the {@code orderNo} logging context at the end of each request. The controller sets it as soon as
 * the body is validated, and it must outlive the controller method so that {@link CallbackProblems} logs a
 * 409 or 503 with the order it concerns; clearing it here keeps it from leaking to the thread's next request.
 */
@Component
class OrderNoMdcFilter extends OncePerRequestFilter {

	static final String ORDER_NO = "orderNo";

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		try {
			chain.doFilter(request, response);
		}
		finally {
			MDC.remove(ORDER_NO);
		}
	}

}
