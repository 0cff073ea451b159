package io.payonce.e2e.console;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import org.openqa.selenium.json.Json;

/**
 * The dlt-handler's console API (dlt-handler/README.md) over HTTP basic, as the test's own look at what the page
 * shows: the terminal records and the pending retries of an order, a replay, the duplicate payments of an order and their refund, the
 * audit trail.
 */
final class ConsoleApi {

	static final String ADMIN = "admin";

	static final String ADMIN_PASSWORD = "admin-local";

	private static final Json JSON = new Json();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final String baseUrl;

	ConsoleApi(String baseUrl) {
		this.baseUrl = baseUrl;
	}

	/** {@code GET /api/v1/timeline?orderNo=}: the order's timeline (steps, traceIds, omitted, now, servedBy). */
	Map<String, Object> timeline(String orderNo) {
		return getOfOrder("/api/v1/timeline", orderNo, Json.MAP_TYPE);
	}

	/** {@code GET /api/v1/terminal?orderNo=}: the summaries (eventId, orderNo, reason, attempt, status, …). */
	List<Map<String, Object>> terminalRecords(String orderNo) {
		return getOfOrder("/api/v1/terminal", orderNo, Json.LIST_OF_MAPS_TYPE);
	}

	/**
	 * {@code GET /api/v1/pending?orderNo=}: the order's payments waiting in the retry ladder ({@code pending}: orderNo,
	 * eventId, attempt, reason, failedAt, dueAt), the instances asked and those that did not answer.
	 */
	Map<String, Object> pending(String orderNo) {
		return getOfOrder("/api/v1/pending", orderNo, Json.MAP_TYPE);
	}

	/** {@code POST /api/v1/terminal/{eventId}/replay {"dryRun": false}}: status and body. */
	HttpResponse<String> replay(String eventId) {
		return send(HttpRequest
			.newBuilder(URI.create(this.baseUrl + "/api/v1/terminal/"
					+ URLEncoder.encode(eventId, StandardCharsets.UTF_8) + "/replay"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"dryRun\": false}")));
	}

	/** {@code GET /api/v1/duplicate-payments?orderNo=}: the duplicate payments of an order, newest first. */
	List<Map<String, Object>> duplicatePayments(String orderNo) {
		return getOfOrder("/api/v1/duplicate-payments", orderNo, Json.LIST_OF_MAPS_TYPE);
	}

	/** {@code GET path?orderNo=}, 200 expected, the body as {@code type}. */
	private <T> T getOfOrder(String path, String orderNo, java.lang.reflect.Type type) {
		HttpResponse<String> response = send(HttpRequest
			.newBuilder(URI.create(this.baseUrl + path + "?orderNo=" + URLEncoder.encode(orderNo, StandardCharsets.UTF_8)))
			.GET());
		if (response.statusCode() != 200) {
			throw new IllegalStateException("GET " + path + ": " + response.statusCode() + " " + response.body());
		}
		return JSON.toType(response.body(), type);
	}

	/** {@code POST /api/v1/duplicate-payments/{payNo}/refunded {"note": …}} as admin: status and body. */
	HttpResponse<String> markRefunded(String payNo, String note) {
		return send(HttpRequest
			.newBuilder(URI.create(this.baseUrl + "/api/v1/duplicate-payments/"
					+ URLEncoder.encode(payNo, StandardCharsets.UTF_8) + "/refunded"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(JSON.toJson(Map.of("note", note)))));
	}

	/** {@code GET /api/v1/audit}: every operator action, oldest first. */
	List<Map<String, Object>> audit() {
		HttpResponse<String> response = send(HttpRequest.newBuilder(URI.create(this.baseUrl + "/api/v1/audit")).GET());
		if (response.statusCode() != 200) {
			throw new IllegalStateException("GET audit: " + response.statusCode() + " " + response.body());
		}
		return JSON.toType(response.body(), Json.LIST_OF_MAPS_TYPE);
	}

	private HttpResponse<String> send(HttpRequest.Builder request) {
		String credentials = Base64.getEncoder()
			.encodeToString((ADMIN + ":" + ADMIN_PASSWORD).getBytes(StandardCharsets.UTF_8));
		try {
			return this.http.send(request.header("Authorization", "Basic " + credentials)
				.header("Accept", "application/json")
				.timeout(Duration.ofSeconds(10))
				.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

}
