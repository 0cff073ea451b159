package io.payonce.reconciliation.platform.http;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.payonce.platform.PlatformPayment;
import io.payonce.reconciliation.platform.GatewayPayments;
import io.payonce.reconciliation.platform.GatewayUnavailableException;
import io.payonce.reconciliation.platform.RecordedPayment;
import io.payonce.reconciliation.platform.RepairAnswer;
import io.payonce.reconciliation.platform.RepairSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link GatewayPayments} over the gateway's lookup port (producer-gateway README): {@code GET
 * /api/v1/payments/{orderNo}}, {@code GET /api/v1/payments/days/{day}} and {@code POST
 * /api/v1/payments/repairs}, as an ops user (basic auth; ADMIN for the repair). The payment is sent as the
 * callback's JSON body, amount a decimal string with two places, so the gateway reads it with the callback's
 * own parser and validator.
 */
public final class HttpGatewayPayments implements GatewayPayments {

	static final String PAYMENTS = "/api/v1/payments/";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final URI baseUrl;

	private final String authorization;

	private final Duration timeout;

	private final HttpClient http;

	/**
	 * @param baseUrl the gateway's lookup port, e.g. {@code http://localhost:8091}
	 */
	public HttpGatewayPayments(URI baseUrl, String user, String password, Duration timeout) {
		this.baseUrl = Objects.requireNonNull(baseUrl, "baseUrl");
		this.authorization = "Basic " + Base64.getEncoder()
			.encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
		this.timeout = Objects.requireNonNull(timeout, "timeout");
		this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(timeout).build();
	}

	@Override
	public boolean holdsPaymentOf(String orderNo) {
		HttpResponse<String> response = send(get(PAYMENTS + encode(orderNo)));
		if (response.statusCode() == 404) {
			return false;
		}
		if (response.statusCode() != 200) {
			throw new GatewayUnavailableException("GET payment " + orderNo + " answered HTTP " + response.statusCode(),
					null);
		}
		JsonNode payment = JSON.readTree(response.body());
		return "SUCCESS".equals(payment.path("status").asString(""));
	}

	@Override
	public RepairAnswer submit(PlatformPayment payment, RepairSource source, String reference) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("payNo", payment.payNo());
		body.put("orderNo", payment.orderNo());
		body.put("userId", payment.userId());
		body.put("amount", payment.amount().setScale(2).toPlainString());
		body.put("currency", payment.currency());
		body.put("status", payment.status());
		body.put("paidAt", payment.paidAt().toString());
		HttpRequest request = request(PAYMENTS + "repairs?source=" + source.name() + "&reference=" + encode(reference))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(body)))
			.build();
		HttpResponse<String> response;
		try {
			response = send(request);
		}
		catch (GatewayUnavailableException ex) {
			return new RepairAnswer(RepairAnswer.Result.FAILED, ex.getMessage());
		}
		if (response.statusCode() == 200) {
			JsonNode answer = JSON.readTree(response.body());
			RepairAnswer.Result result = RepairAnswer.Result.valueOf(answer.path("result").asString());
			String eventId = answer.path("eventId").asString("");
			return new RepairAnswer(result, eventId.isEmpty() ? "no event" : "event " + eventId);
		}
		if (response.statusCode() == 409) {
			return new RepairAnswer(RepairAnswer.Result.CONFLICT, problem(response));
		}
		return new RepairAnswer(RepairAnswer.Result.FAILED, "HTTP " + response.statusCode() + ": " + problem(response));
	}

	@Override
	public List<RecordedPayment> paidOn(LocalDate day) {
		HttpResponse<String> response = send(get(PAYMENTS + "days/" + day));
		if (response.statusCode() != 200) {
			throw new GatewayUnavailableException("GET payments of " + day + " answered HTTP " + response.statusCode(),
					null);
		}
		List<RecordedPayment> payments = new ArrayList<>();
		for (JsonNode row : JSON.readTree(response.body())) {
			payments.add(new RecordedPayment(row.path("payNo").asString(), row.path("orderNo").asString(),
					row.path("kind").asString(), row.path("source").asString(), row.path("userId").asLong(),
					new BigDecimal(row.path("amount").asString()), row.path("currency").asString(),
					row.path("status").asString(), Instant.parse(row.path("paidAt").asString())));
		}
		return payments;
	}

	private HttpRequest get(String path) {
		return request(path).GET().build();
	}

	private HttpRequest.Builder request(String path) {
		return HttpRequest.newBuilder(this.baseUrl.resolve(path))
			.timeout(this.timeout)
			.header("Authorization", this.authorization)
			.header("Accept", "application/json");
	}

	private HttpResponse<String> send(HttpRequest request) {
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new GatewayUnavailableException(request.method() + " " + request.uri() + " failed: " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new GatewayUnavailableException("interrupted", ex);
		}
	}

	private static String problem(HttpResponse<String> response) {
		String body = response.body();
		return (body.length() > 300) ? body.substring(0, 300) : body;
	}

	private static String encode(String value) {
		return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
	}

}
