package io.payonce.infra.pipeline;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/**
 * One service's ops API as the local ADMIN of the profile {@code local} ({@code admin}/{@code admin-local}, which no
 * service accepts elsewhere): reconciliation's top-up and audit, the dlt-handler's terminal records and their replay
 * (endpoints of DESIGN.md's fixed points). For {@code ./payonce}, the demo and black-box tests.
 */
public final class OpsApi {

	private static final String LOCAL_ADMIN = "admin:admin-local";

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final String baseUrl;

	/** @param baseUrl the service's base URL, e.g. {@code http://127.0.0.1:8085} for the reconciliation */
	public OpsApi(String baseUrl) {
		this.baseUrl = baseUrl;
	}

	/** What was asked and what came back. */
	public record Exchange(String request, int status, String body, String balancedHeader) {

	}

	/** {@code POST /api/v1/top-ups}: an audited ledger credit; 201 credited, 200 the same reference again. */
	public Exchange topUp(long userId, BigDecimal amount, String currency, String reference, String reason) {
		String json = "{\"userId\":" + userId + ",\"amount\":\"" + amount.toPlainString() + "\",\"currency\":\""
				+ currency + "\",\"reference\":\"" + reference + "\",\"reason\":\"" + reason.replace("\"", "'") + "\"}";
		String url = this.baseUrl + "/api/v1/top-ups";
		return send(HttpRequest.newBuilder(URI.create(url))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json)), "POST " + url + " " + json);
	}

	/**
	 * {@code POST /api/v1/accounts/{userId}/freeze} or {@code .../unfreeze} with the reason: stop or resume an account's
	 * deductions, audited; 200 changed, 409 frozen or not frozen already, 404 no account.
	 */
	public Exchange freeze(long userId, boolean freeze, String reason) {
		String json = "{\"reason\":\"" + reason.replace("\\", "\\\\").replace("\"", "\\\"") + "\"}";
		String url = this.baseUrl + "/api/v1/accounts/" + userId + (freeze ? "/freeze" : "/unfreeze");
		return send(HttpRequest.newBuilder(URI.create(url))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json)), "POST " + url + " " + json);
	}

	/** {@code GET /api/v1/audits?from&to}: the audit's summary (dates or instants). */
	public Exchange audit(String from, String to) {
		String url = auditUrl(from, to);
		return send(HttpRequest.newBuilder(URI.create(url)).GET(), "GET " + url);
	}

	public String auditUrl(String from, String to) {
		return this.baseUrl + "/api/v1/audits?from=" + URLEncoder.encode(from, StandardCharsets.UTF_8) + "&to="
				+ URLEncoder.encode(to, StandardCharsets.UTF_8);
	}

	/** dlt-handler: {@code GET /api/v1/terminal?orderNo=…}, the order's records on the terminal topic (JSON). */
	public Exchange terminal(String orderNo) {
		String url = this.baseUrl + "/api/v1/terminal?orderNo=" + URLEncoder.encode(orderNo, StandardCharsets.UTF_8);
		return send(HttpRequest.newBuilder(URI.create(url)).GET(), "GET " + url);
	}

	/**
	 * dlt-handler: {@code POST /api/v1/terminal/replay} of the order's OPEN terminal records, for real
	 * ({@code "dryRun": false}); idempotent, the guards deduct nothing twice.
	 */
	public Exchange replay(String orderNo) {
		String json = "{\"filter\":{\"orderNo\":\"" + orderNo.replace("\"", "") + "\"},\"dryRun\":false}";
		String url = this.baseUrl + "/api/v1/terminal/replay";
		return send(HttpRequest.newBuilder(URI.create(url))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(json)), "POST " + url + " " + json);
	}

	private Exchange send(HttpRequest.Builder request, String described) {
		try {
			HttpResponse<String> answer = this.http.send(request.timeout(Duration.ofSeconds(60))
				.header("Authorization",
						"Basic " + Base64.getEncoder().encodeToString(LOCAL_ADMIN.getBytes(StandardCharsets.UTF_8)))
				.build(), HttpResponse.BodyHandlers.ofString());
			return new Exchange(described, answer.statusCode(), answer.body(),
					answer.headers().firstValue("Payonce-Audit-Balanced").orElse(""));
		}
		catch (IOException ex) {
			throw new IllegalStateException(described + " failed: " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted: " + described, ex);
		}
	}

}
