package io.payonce.e2e.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.json.JsonMapper;

/** The dlt-handler's ops console API, as an operator calls it (HTTP basic). */
final class DltConsole {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final String baseUrl;

	private final String authorization;

	DltConsole(String baseUrl, String user, String password) {
		this.baseUrl = baseUrl;
		this.authorization = "Basic " + Base64.getEncoder()
			.encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
	}

	/** {@code POST /api/v1/terminal/replay {"eventIds":[…],"dryRun":false}}: status and body. */
	Answer replay(List<String> eventIds) {
		return post("/api/v1/terminal/replay", JSON.writeValueAsString(Map.of("eventIds", eventIds, "dryRun", false)));
	}

	/** {@code GET /api/v1/terminal?orderNo=…}. */
	Answer list(String orderNo) {
		return send(HttpRequest.newBuilder(URI.create(this.baseUrl + "/api/v1/terminal?orderNo=" + orderNo)).GET());
	}

	private Answer post(String path, String json) {
		return send(HttpRequest.newBuilder(URI.create(this.baseUrl + path))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json)));
	}

	private Answer send(HttpRequest.Builder request) {
		try {
			HttpResponse<String> response = this.http.send(request.header("Authorization", this.authorization)
				.header("Accept", "application/json")
				.timeout(Duration.ofSeconds(30))
				.build(), HttpResponse.BodyHandlers.ofString());
			return new Answer(response.statusCode(), response.body());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	record Answer(int status, String body) {

	}

}
