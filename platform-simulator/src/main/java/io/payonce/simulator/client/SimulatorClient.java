package io.payonce.simulator.client;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import io.payonce.simulator.api.ChargeSpec;
import io.payonce.simulator.api.ChargeView;
import io.payonce.simulator.api.PaymentView;
import io.payonce.simulator.api.SummaryView;
import tools.jackson.databind.json.JsonMapper;

/**
 * The simulator's operator side over HTTP, for tests and {@code ./payonce}: charge, look at payments and their
 * callbacks, counts. (What PayOnce itself asks a platform, query and statement, goes through
 * {@code io.payonce.platform.PaymentPlatform}.) Plain Java: usable without Spring.
 */
public final class SimulatorClient {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final String baseUrl;

	/** @param baseUrl e.g. {@code http://localhost:8086} */
	public SimulatorClient(String baseUrl) {
		this.baseUrl = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
	}

	/**
	 * "The user paid."
	 * @throws SimulatorException with the status and problem body if the platform refuses (400, 409)
	 */
	public ChargeView charge(ChargeSpec spec) {
		HttpRequest request = request("/api/v1/payments").header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(spec)))
			.build();
		return JSON.readValue(expect(send(request), 201), ChargeView.class);
	}

	public PaymentView payment(String payNo) {
		return JSON.readValue(expect(send(request("/api/v1/payments/" + encode(payNo)).GET().build()), 200),
				PaymentView.class);
	}

	/** The payments of one order, oldest first (two after a double charge). */
	public List<PaymentView> paymentsOf(String orderNo) {
		return Arrays.asList(JSON.readValue(
				expect(send(request("/api/v1/payments?orderNo=" + encode(orderNo)).GET().build()), 200),
				PaymentView[].class));
	}

	public List<PaymentView> payments() {
		return Arrays.asList(
				JSON.readValue(expect(send(request("/api/v1/payments").GET().build()), 200), PaymentView[].class));
	}

	public SummaryView summary() {
		return JSON.readValue(expect(send(request("/api/v1/summary").GET().build()), 200), SummaryView.class);
	}

	private HttpRequest.Builder request(String path) {
		return HttpRequest.newBuilder(URI.create(this.baseUrl + path)).timeout(Duration.ofSeconds(30));
	}

	private HttpResponse<byte[]> send(HttpRequest request) {
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofByteArray());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(request.method() + " " + request.uri() + " failed", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted: " + request.uri(), ex);
		}
	}

	private static byte[] expect(HttpResponse<byte[]> response, int status) {
		if (response.statusCode() != status) {
			throw new SimulatorException(response.statusCode(), new String(response.body(), StandardCharsets.UTF_8));
		}
		return response.body();
	}

	private static String encode(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
	}

	/** The simulator refused a request: its status and {@code application/problem+json} body. */
	public static final class SimulatorException extends RuntimeException {

		private final int status;

		private final String body;

		public SimulatorException(int status, String body) {
			super("HTTP " + status + ": " + body);
			this.status = status;
			this.body = body;
		}

		public int status() {
			return this.status;
		}

		public String body() {
			return this.body;
		}

	}

}
