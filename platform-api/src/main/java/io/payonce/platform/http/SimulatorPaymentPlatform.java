package io.payonce.platform.http;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import io.payonce.platform.PaymentPlatform;
import io.payonce.platform.PlatformPayment;
import io.payonce.platform.QueryAnswer;
import io.payonce.platform.Statement;
import io.payonce.platform.StatementUnavailableException;
import io.payonce.platform.statement.StatementCsv;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link PaymentPlatform} over the platform simulator's HTTP API ({@code platform-simulator/README.md}):
 * {@code GET /api/v1/orders/{orderNo}} (JSON, samples in {@code /platform/query-*.v1.json}) and
 * {@code GET /api/v1/statements/{yyyy-MM-dd}} (CSV, {@link StatementCsv}).
 * <p>
 * The answer is checked before it is believed: a query answer for another order, a PAID without payments, an
 * amount with three decimals, a missing field are {@link QueryAnswer.Unknown} with the reason, as are a timeout,
 * a refused connection and any status but 200 (a 404 too: a wrong base URL must not read as "not paid").
 */
public final class SimulatorPaymentPlatform implements PaymentPlatform {

	public static final String QUERY_PATH = "/api/v1/orders/";

	public static final String STATEMENT_PATH = "/api/v1/statements/";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final URI baseUrl;

	private final Duration timeout;

	private final HttpClient http;

	/**
	 * @param baseUrl e.g. {@code http://localhost:8086}
	 * @param timeout for connecting and for each answer
	 */
	public SimulatorPaymentPlatform(URI baseUrl, Duration timeout) {
		this.baseUrl = Objects.requireNonNull(baseUrl, "baseUrl");
		this.timeout = Objects.requireNonNull(timeout, "timeout");
		this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
	}

	@Override
	public QueryAnswer query(String orderNo) {
		URI uri = resolve(QUERY_PATH + URLEncoder.encode(orderNo, StandardCharsets.UTF_8).replace("+", "%20"));
		HttpResponse<byte[]> response;
		try {
			response = send(uri, "application/json");
		}
		catch (IOException ex) {
			return new QueryAnswer.Unknown(orderNo, "GET " + uri + " failed: " + ex);
		}
		if (response.statusCode() != 200) {
			return new QueryAnswer.Unknown(orderNo, "GET " + uri + " answered HTTP " + response.statusCode());
		}
		return readQuery(orderNo, response.body());
	}

	@Override
	public Statement statement(LocalDate day) {
		URI uri = resolve(STATEMENT_PATH + day);
		HttpResponse<byte[]> response;
		try {
			response = send(uri, StatementCsv.MEDIA_TYPE);
		}
		catch (IOException ex) {
			throw new StatementUnavailableException(day, false, "GET " + uri + " failed: " + ex, ex);
		}
		if (response.statusCode() == 409) {
			throw new StatementUnavailableException(day, true,
					"not ready: " + new String(response.body(), StandardCharsets.UTF_8), null);
		}
		if (response.statusCode() != 200) {
			throw new StatementUnavailableException(day, false,
					"GET " + uri + " answered HTTP " + response.statusCode(), null);
		}
		return StatementCsv.parse(day, response.body());
	}

	/** The query answer's JSON (status 200) as a {@link QueryAnswer}; anything doubtful is Unknown. */
	static QueryAnswer readQuery(String orderNo, byte[] body) {
		try {
			JsonNode root = JSON.readTree(body);
			String answeredFor = text(root, "orderNo");
			if (!orderNo.equals(answeredFor)) {
				return new QueryAnswer.Unknown(orderNo, "the answer is for order " + answeredFor);
			}
			String state = text(root, "state");
			JsonNode payments = root.get("payments");
			if (payments == null || !payments.isArray()) {
				return new QueryAnswer.Unknown(orderNo, "the answer has no payments array");
			}
			if ("NOT_PAID".equals(state)) {
				return payments.isEmpty() ? new QueryAnswer.NotPaid(orderNo)
						: new QueryAnswer.Unknown(orderNo, "NOT_PAID with " + payments.size() + " payment(s)");
			}
			if (!"PAID".equals(state)) {
				return new QueryAnswer.Unknown(orderNo, "unknown state " + state);
			}
			List<PlatformPayment> paid = new ArrayList<>();
			for (JsonNode payment : payments) {
				paid.add(payment(payment));
			}
			return new QueryAnswer.Paid(orderNo, paid);
		}
		catch (JacksonException | IllegalArgumentException | ArithmeticException | DateTimeException ex) {
			return new QueryAnswer.Unknown(orderNo, "unreadable answer: " + ex.getMessage());
		}
	}

	private static PlatformPayment payment(JsonNode node) {
		BigDecimal amount = new BigDecimal(text(node, "amount"));
		if (amount.signum() <= 0 || amount.stripTrailingZeros().scale() > 2) {
			throw new IllegalArgumentException("amount " + amount + " is not a positive amount with 2 decimals");
		}
		JsonNode userId = node.get("userId");
		if (userId == null || !userId.isIntegralNumber() || !userId.canConvertToLong() || userId.asLong() <= 0) {
			throw new IllegalArgumentException("userId " + userId + " is not a positive integer");
		}
		return new PlatformPayment(text(node, "payNo"), text(node, "orderNo"), userId.asLong(), amount,
				text(node, "currency"), text(node, "status"), Instant.parse(text(node, "paidAt")));
	}

	private static String text(JsonNode node, String field) {
		JsonNode value = node.get(field);
		if (value == null || !value.isString() || value.asString().isEmpty()) {
			throw new IllegalArgumentException("field " + field + " is missing or not a string");
		}
		return value.asString();
	}

	private URI resolve(String path) {
		String base = this.baseUrl.toString();
		return URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base) + path);
	}

	private HttpResponse<byte[]> send(URI uri, String accept) throws IOException {
		HttpRequest request = HttpRequest.newBuilder(uri).timeout(this.timeout).header("Accept", accept).GET().build();
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofByteArray());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IOException("interrupted", ex);
		}
	}

}
