package io.payonce.e2e.faults;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.payonce.infra.ServiceProcess;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One outbox-relay process as a fault test sees it: what it says of itself (the {@code relay} component of its
 * health: role, instance id, who it says leads, engine, last step-down), its fencing counter, and what the operating system says of
 * its process (so a test can prove a fault happened before it judges the outcome).
 */
record RelayInstance(String role, String instanceId, String leader, String engine, String lastStepDown,
		Instant lastStepDownAt) {

	private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private static final Pattern FENCED = Pattern.compile("(?m)^payonce_relay_fenced_total(?:\\{[^}]*\\})? (\\S+)$");

	/** The instance's own view, or empty if it does not answer (paused, dead, starting). */
	static Optional<RelayInstance> of(ServiceProcess relay) {
		try {
			// 503 while DOWN still carries the details
			JsonNode details = JSON.readTree(get(relay, "/actuator/health")).path("components").path("relay")
				.path("details");
			if (details.isMissingNode()) {
				return Optional.empty();
			}
			String at = details.path("lastStepDownAt").asString(null);
			return Optional.of(new RelayInstance(details.path("role").asString(null),
					details.path("instanceId").asString(null), details.path("leader").asString(null),
					details.path("engine").asString(null),
					details.path("lastStepDown").asString(null), (at != null) ? Instant.parse(at) : null));
		}
		catch (IOException | RuntimeException ex) {
			return Optional.empty();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Optional.empty();
		}
	}

	/** Leads and streams. */
	boolean streams() {
		return "LEADER".equals(this.role) && "STREAMING".equals(this.engine);
	}

	/** {@code payonce_relay_fenced_total}: terms this process ended because a newer producer fenced it. */
	static double fencedTotal(ServiceProcess relay) {
		try {
			Matcher matcher = FENCED.matcher(get(relay, "/actuator/prometheus"));
			return matcher.find() ? Double.parseDouble(matcher.group(1)) : 0;
		}
		catch (IOException ex) {
			return Double.NaN;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Double.NaN;
		}
	}

	/**
	 * The state letter of {@code /proc/<pid>/stat}: {@code T} stopped (SIGSTOP), {@code S}/{@code R} running;
	 * {@code '-'} if there is no such process.
	 */
	static char processState(long pid) {
		try {
			String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
			// "<pid> (<command>) <state> ...": the command may contain spaces, the state follows the last ')'
			return stat.charAt(stat.lastIndexOf(')') + 2);
		}
		catch (IOException ex) {
			return '-';
		}
	}

	private static final String LOCAL_VIEWER = "Basic "
			+ Base64.getEncoder().encodeToString("viewer:viewer-local".getBytes(StandardCharsets.UTF_8));

	private static String get(ServiceProcess relay, String path) throws IOException, InterruptedException {
		// actuator listens on the management port; the relay component's details are for ops users only
		HttpRequest request = HttpRequest.newBuilder(URI.create(relay.managementUrl() + path))
			.header("Authorization", LOCAL_VIEWER)
			.timeout(Duration.ofSeconds(2))
			.build();
		return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body();
	}

}
