package io.payonce.e2e.support;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.payonce.infra.ServiceProcess;

/**
 * The one place that knows where a service's health and metrics are ({@code /actuator/health},
 * {@code /actuator/prometheus} under {@link ServiceProcess#managementUrl()}). Every e2e test asks here, so that
 * moving the actuator (another port, a base path) changes this class only.
 */
public final class Actuator {

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	/** The overall status in a health answer ({@code "status":"UP"}), the last one if components are shown. */
	private static final Pattern STATUS = Pattern.compile("\"status\"\\s*:\\s*\"([A-Z_]+)\"\\s*}\\s*$");

	private Actuator() {
	}

	/** What {@code GET /actuator/health} answered: HTTP status, the health status, the body. */
	public record Health(int httpStatus, String status, String body) {

		public boolean up() {
			return "UP".equals(this.status);
		}

		public boolean down() {
			return "DOWN".equals(this.status);
		}

		@Override
		public String toString() {
			return this.status + " (HTTP " + this.httpStatus + ")";
		}

	}

	/** The service's health right now; status {@code UNREACHABLE} when nothing answers. */
	public static Health health(ServiceProcess service) {
		try {
			HttpResponse<String> response = get(service.managementUrl() + "/actuator/health");
			Matcher status = STATUS.matcher(response.body().trim());
			return new Health(response.statusCode(), status.find() ? status.group(1) : "UNKNOWN", response.body());
		}
		catch (IOException ex) {
			return new Health(-1, "UNREACHABLE", String.valueOf(ex.getMessage()));
		}
	}

	/** The Prometheus text of the service, empty when it does not answer 200. */
	public static Optional<String> prometheus(ServiceProcess service) {
		try {
			HttpResponse<String> response = get(service.managementUrl() + "/actuator/prometheus");
			return response.statusCode() == 200 ? Optional.of(response.body()) : Optional.empty();
		}
		catch (IOException ex) {
			return Optional.empty();
		}
	}

	private static HttpResponse<String> get(String url) throws IOException {
		HttpRequest request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).GET().build();
		try {
			return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IOException("interrupted", ex);
		}
	}

}
