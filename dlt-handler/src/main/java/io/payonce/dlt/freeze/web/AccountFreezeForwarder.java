package io.payonce.dlt.freeze.web;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;

/**
 * Forwards one request to the reconciliation's {@code /api/v1/accounts/...} as the operator (their
 * {@code Authorization} header, never a service credential).
 */
final class AccountFreezeForwarder {

	private final URI baseUrl;

	private final Duration timeout;

	private final HttpClient http;

	AccountFreezeForwarder(URI baseUrl, Duration timeout) {
		this.baseUrl = baseUrl;
		this.timeout = timeout;
		this.http = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(timeout)
			.build();
	}

	/** What the reconciliation answered. */
	record Answer(int status, String contentType, byte[] body) {

	}

	/**
	 * @param path below the base URL, already validated ({@code /api/v1/accounts/frozen},
	 * {@code /api/v1/accounts/{digits}/freeze|unfreeze})
	 * @param jsonBody the body of a POST, empty for a GET
	 * @throws UnreachableException when nothing was answered (refused, timed out)
	 */
	Answer forward(String path, Optional<String> jsonBody, String authorization) {
		HttpRequest.Builder request = HttpRequest.newBuilder(this.baseUrl.resolve(path))
			.timeout(this.timeout)
			.header("Accept", "application/json, application/problem+json");
		if (authorization != null) {
			request.header("Authorization", authorization);
		}
		if (jsonBody.isPresent()) {
			request.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(jsonBody.get()));
		}
		else {
			request.GET();
		}
		HttpRequest built = request.build();
		try {
			HttpResponse<byte[]> response = this.http.send(built, HttpResponse.BodyHandlers.ofByteArray());
			return new Answer(response.statusCode(),
					response.headers().firstValue("Content-Type").orElse("application/json"), response.body());
		}
		catch (IOException ex) {
			throw new UnreachableException(built.method() + " " + built.uri() + " failed: " + ex, ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new UnreachableException("interrupted", ex);
		}
	}

	/** The reconciliation gave no answer. */
	static final class UnreachableException extends RuntimeException {

		UnreachableException(String message, Throwable cause) {
			super(message, cause);
		}

	}

}
