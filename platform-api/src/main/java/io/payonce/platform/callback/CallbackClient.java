package io.payonce.platform.callback;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;

/** Sends callbacks to the producer-gateway the way a payment platform does: signed, raw bytes, JSON. */
public final class CallbackClient {

	public static final String CALLBACK_PATH = "/api/v1/callbacks/pay";

	private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

	private static final Duration MAX_CONNECT_TIMEOUT = Duration.ofSeconds(2);

	private final HttpClient http;

	private final URI callbackUri;

	private final String secret;

	private final Clock clock;

	private final Duration timeout;

	/** @param gatewayBaseUrl e.g. {@code http://127.0.0.1:8081} */
	public CallbackClient(String gatewayBaseUrl, String secret, Clock clock) {
		this(gatewayBaseUrl, secret, clock, DEFAULT_TIMEOUT);
	}

	/** @param timeout how long one request may take in all (connecting: at most 2 s of it) */
	public CallbackClient(String gatewayBaseUrl, String secret, Clock clock, Duration timeout) {
		this.callbackUri = URI.create(gatewayBaseUrl + CALLBACK_PATH);
		this.secret = secret;
		this.clock = clock;
		this.timeout = timeout;
		Duration connect = timeout.compareTo(MAX_CONNECT_TIMEOUT) < 0 ? timeout : MAX_CONNECT_TIMEOUT;
		this.http = HttpClient.newBuilder().connectTimeout(connect).build();
	}

	/** A client with the local secret and the system clock. */
	public static CallbackClient local(String gatewayBaseUrl) {
		return new CallbackClient(gatewayBaseUrl, CallbackSignature.LOCAL_SECRET, Clock.systemUTC());
	}

	/** Posts the callback signed now. */
	public CallbackResponse send(PayCallback callback) {
		return sendSigned(callback.json());
	}

	/** Posts any body (also malformed JSON) with a valid signature over its bytes. */
	public CallbackResponse sendSigned(String rawBody) {
		byte[] body = rawBody.getBytes(StandardCharsets.UTF_8);
		long now = this.clock.instant().getEpochSecond();
		return post(body, CallbackSignature.header(this.secret, now, body));
	}

	/** Posts a body with the given signature header, or none if {@code signatureHeader} is {@code null}. */
	public CallbackResponse post(byte[] body, String signatureHeader) {
		HttpRequest.Builder request = HttpRequest.newBuilder(this.callbackUri)
			.timeout(this.timeout)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofByteArray(body));
		if (signatureHeader != null) {
			request.header(CallbackSignature.HEADER, signatureHeader);
		}
		try {
			HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			return new CallbackResponse(response.statusCode(),
					response.headers().firstValue("Content-Type").orElse(""), response.body());
		}
		catch (IOException ex) {
			throw new UncheckedIOException("POST " + this.callbackUri + " failed", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while posting a callback", ex);
		}
	}

	/** What the gateway answered. */
	public record CallbackResponse(int status, String contentType, String body) {

		public boolean isProblem() {
			return this.contentType.startsWith("application/problem+json");
		}

		@Override
		public String toString() {
			return this.status + " " + this.body;
		}

	}

}
