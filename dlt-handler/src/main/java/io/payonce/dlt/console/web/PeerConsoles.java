package io.payonce.dlt.console.web;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import io.payonce.dlt.retry.PendingRetry;
import io.payonce.dlt.retry.PendingRetryQuery;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;

import tools.jackson.databind.json.JsonMapper;

/**
 * Asks the other handler instances for their part of the pending retries: {@code GET /api/v1/pending?scope=local}
 * on each one's console ({@code application.server}), all at once, each within {@code timeout}.
 * <p>
 * <b>Auth.</b> The request carries the operator's own {@code Authorization} header: every instance has the same ops
 * users, so a peer grants exactly what the operator may read, and no service credential exists that could read more
 * (or leak). An instance that is down, slow or refuses is named in the answer, never left out silently.
 */
public final class PeerConsoles {

	private final HttpClient http;

	private final Duration timeout;

	private final JsonMapper json = JsonMapper.builder().build();

	public PeerConsoles(Duration timeout) {
		this.http = HttpClient.newBuilder().connectTimeout(timeout).build();
		this.timeout = timeout;
	}

	/**
	 * @param instances {@code host:port} of each other instance
	 * @return for each instance (in the order given) its retries, or the problem that kept it from answering
	 */
	Map<String, Answer> ask(List<String> instances, PendingRetryQuery query, String authorization) {
		Map<String, CompletableFuture<Answer>> asked = new LinkedHashMap<>();
		for (String instance : instances) {
			asked.put(instance, askOne(instance, query, authorization));
		}
		Map<String, Answer> answers = new LinkedHashMap<>();
		asked.forEach((instance, answer) -> answers.put(instance, answer.join()));
		return answers;
	}

	private CompletableFuture<Answer> askOne(String instance, PendingRetryQuery query, String authorization) {
		StringBuilder path = new StringBuilder("/api/v1/pending?scope=").append(PendingController.LOCAL_SCOPE)
			.append("&size=")
			.append(query.size());
		if (query.orderNo() != null) {
			path.append("&orderNo=").append(URLEncoder.encode(query.orderNo(), StandardCharsets.UTF_8));
		}
		if (query.reason() != null) {
			path.append("&reason=").append(URLEncoder.encode(query.reason(), StandardCharsets.UTF_8));
		}
		return get(instance, path.toString(), authorization).thenApply(this::read)
			.exceptionally((ex) -> Answer.failed(describe(ex)));
	}

	/**
	 * {@code GET http://<instance><pathAndQuery>} as the operator, within the timeout: what the peer answered, or a
	 * future failed with why it did not ({@link #describe}).
	 * @param pathAndQuery already encoded
	 */
	public CompletableFuture<HttpResponse<byte[]>> get(String instance, String pathAndQuery, String authorization) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://" + instance + pathAndQuery))
			.timeout(this.timeout)
			.header(HttpHeaders.ACCEPT, MediaType.APPLICATION_JSON_VALUE)
			.GET();
		if (authorization != null) {
			request.header(HttpHeaders.AUTHORIZATION, authorization);
		}
		return this.http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofByteArray());
	}

	private Answer read(HttpResponse<byte[]> response) {
		if (response.statusCode() != 200) {
			return Answer.failed("HTTP " + response.statusCode());
		}
		PendingController.PendingView view = this.json.readValue(response.body(), PendingController.PendingView.class);
		return new Answer(view.pending(), null);
	}

	/** Why a peer did not answer, for a person: the exception's class and message. */
	public static String describe(Throwable ex) {
		Throwable cause = (ex instanceof CompletionException && ex.getCause() != null) ? ex.getCause() : ex;
		return cause.getClass().getSimpleName() + ((cause.getMessage() == null) ? "" : ": " + cause.getMessage());
	}

	/** An instance's retries, or why there are none ({@code problem} not null). */
	record Answer(List<PendingRetry> retries, String problem) {

		static Answer failed(String problem) {
			return new Answer(List.of(), problem);
		}

	}

}
