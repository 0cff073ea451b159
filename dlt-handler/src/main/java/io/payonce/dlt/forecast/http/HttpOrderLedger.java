package io.payonce.dlt.forecast.http;

import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

import io.payonce.dlt.forecast.OrderFacts;
import io.payonce.dlt.forecast.OrderLedger;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link OrderLedger} over the reconciliation's {@code GET /api/v1/orders/{orderNo}} (basic auth, a VIEWER is
 * enough). 200 is the order, 404 no order; anything else (refused credentials, an error, no answer in time, no
 * credentials configured) is {@link OrderLedger.LedgerUnavailableException} naming it: the forecast then says it does
 * not know.
 */
public final class HttpOrderLedger implements OrderLedger {

	static final String ORDERS = "/api/v1/orders/";

	private static final JsonMapper JSON = JsonMapper.builder()
		.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
		.build();

	private final LedgerProperties properties;

	private final HttpClient http;

	public HttpOrderLedger(LedgerProperties properties) {
		this.properties = properties;
		this.http = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(properties.timeout())
			.build();
	}

	@Override
	public Optional<OrderFacts> find(String orderNo) {
		if (!this.properties.hasCredentials()) {
			throw new LedgerUnavailableException(
					"payonce.dlt.console.ledger.user/password are not set (PAYONCE_DLT_CONSOLE_LEDGER_USER, _PASSWORD)",
					null);
		}
		HttpRequest request = HttpRequest
			.newBuilder(this.properties.baseUrl()
				.resolve(ORDERS + URLEncoder.encode(orderNo, StandardCharsets.UTF_8).replace("+", "%20")))
			.timeout(this.properties.timeout())
			.header("Authorization", "Basic " + Base64.getEncoder()
				.encodeToString((this.properties.user() + ":" + this.properties.password())
					.getBytes(StandardCharsets.UTF_8)))
			.header("Accept", "application/json")
			.GET()
			.build();
		HttpResponse<String> response = send(request);
		if (response.statusCode() == 404) {
			return Optional.empty();
		}
		if (response.statusCode() != 200) {
			throw new LedgerUnavailableException(
					"GET " + request.uri() + " answered HTTP " + response.statusCode(), null);
		}
		try {
			return Optional.of(facts(JSON.readTree(response.body())));
		}
		catch (JacksonException | IllegalArgumentException | NullPointerException ex) {
			throw new LedgerUnavailableException("GET " + request.uri() + " answered what is not an order: " + ex, ex);
		}
	}

	private static OrderFacts facts(JsonNode order) {
		JsonNode account = order.path("account");
		return new OrderFacts(order.required("orderNo").asString(), order.required("status").asString(),
				order.required("userId").asLong(), order.required("amount").decimalValue(),
				order.required("currency").asString(), order.path("payNo").isNull() ? null
						: order.path("payNo").asString(null),
				(account.isMissingNode() || account.isNull()) ? null
						: new OrderFacts.Account(account.required("balance").decimalValue(),
								account.required("currency").asString(), account.path("frozen").asBoolean(false)));
	}

	private HttpResponse<String> send(HttpRequest request) {
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new LedgerUnavailableException("GET " + request.uri() + " failed: " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new LedgerUnavailableException("interrupted", ex);
		}
	}

}
