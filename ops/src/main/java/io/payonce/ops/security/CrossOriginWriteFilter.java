package io.payonce.ops.security;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Refuses a state-changing request (anything but GET, HEAD, OPTIONS) that a browser sends on behalf of
 * another site, before authentication: HTTP basic credentials the browser has cached for the console must not
 * replay, resolve or reverse anything because a page elsewhere says so. It replaces CSRF tokens, which a
 * stateless API with basic auth has nothing to bind to. The rules are those of the Fetch metadata and Origin
 * headers that every current browser sends (the algorithm of Go's {@code http.CrossOriginProtection}):
 * <ol>
 * <li>{@code Sec-Fetch-Site: same-origin} or {@code none} (typed by the user): allowed; any other value
 * ({@code cross-site}, {@code same-site}): refused;</li>
 * <li>no {@code Sec-Fetch-Site} and no {@code Origin}: not a browser (curl, the payment platform, a script):
 * allowed, it has to authenticate like anyone else;</li>
 * <li>an {@code Origin} whose host is the request's {@code Host}, or one of the trusted origins: allowed;
 * otherwise refused.</li>
 * </ol>
 * Every state-changing endpoint of every service is behind it, including the ones added later.
 */
public final class CrossOriginWriteFilter extends OncePerRequestFilter {

	private static final Set<String> SAFE_METHODS = Set.of("GET", "HEAD", "OPTIONS");

	private final Set<String> trustedOrigins;

	public CrossOriginWriteFilter(List<String> trustedOrigins) {
		this.trustedOrigins = Set.copyOf(trustedOrigins.stream().map(CrossOriginWriteFilter::normalise).toList());
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String refusal = refusal(request.getMethod(), request.getHeader("Sec-Fetch-Site"), request.getHeader("Origin"),
				request.getHeader("Host"));
		if (refusal == null) {
			chain.doFilter(request, response);
			return;
		}
		response.setStatus(HttpServletResponse.SC_FORBIDDEN);
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		response.setCharacterEncoding("UTF-8");
		response.getWriter()
			.write("{\"type\":\"urn:payonce:problem:cross_origin\",\"title\":\"Cross-origin request refused\","
					+ "\"status\":403,\"detail\":\"" + refusal + "\",\"reason\":\"cross_origin\"}");
	}

	/** Why the request is refused (no quotes or backslashes in it), or null if it may pass. */
	String refusal(String method, String fetchSite, String origin, String host) {
		if (SAFE_METHODS.contains(method.toUpperCase(Locale.ROOT))) {
			return null;
		}
		if (origin != null && this.trustedOrigins.contains(normalise(origin))) {
			return null;
		}
		if (fetchSite != null) {
			String site = fetchSite.trim().toLowerCase(Locale.ROOT);
			return (site.equals("same-origin") || site.equals("none")) ? null
					: "Sec-Fetch-Site is " + site.replaceAll("[^a-z-]", "") + ": a " + method
							+ " must come from this service's own pages";
		}
		if (origin == null) {
			return null;
		}
		String originHost = hostOf(origin);
		if (originHost != null && host != null && originHost.equalsIgnoreCase(host.trim())) {
			return null;
		}
		return "Origin does not match the host: a " + method + " must come from this service's own pages";
	}

	/** {@code host[:port]} of an origin, or null if it is not one ({@code null}, garbage). */
	private static String hostOf(String origin) {
		try {
			URI uri = URI.create(origin.trim());
			if (uri.getHost() == null) {
				return null;
			}
			return (uri.getPort() < 0) ? uri.getHost() : uri.getHost() + ":" + uri.getPort();
		}
		catch (IllegalArgumentException ex) {
			return null;
		}
	}

	private static String normalise(String origin) {
		String trimmed = origin.trim().toLowerCase(Locale.ROOT);
		return trimmed.endsWith("/") ? trimmed.substring(0, trimmed.length() - 1) : trimmed;
	}

}
