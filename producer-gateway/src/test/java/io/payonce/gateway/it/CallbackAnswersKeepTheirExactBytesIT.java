package io.payonce.gateway.it;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.payonce.gateway.callback.domain.SignatureVerifier;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 19, "a leaner request path": whatever the callback endpoint runs on, the platform (or a browser, or a
 * stranger) gets the same answer to the same request, byte for byte: status, every header but {@code Date}, body.
 * The expected answers ({@code callback-answers.txt}) were recorded from the gateway before the path was made
 * leaner (Spring Security's full chain and Spring MVC's controller). Each run writes what it got to
 * {@code target/callback-answers.txt}. Variable parts are blanked: the ids of the run ({@code <id>}) and the time in
 * Spring Boot's error pages ({@code <time>}).
 */
class CallbackAnswersKeepTheirExactBytesIT extends GatewayIntegrationTest {

	private final HttpClient client = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	@Test
	void everyKindOfCallbackGetsTheAnswerItGotBefore() throws Exception {
		// given one new payment and requests for every answer the endpoint gives
		String id = newId();
		String body = aCallbackBody(id, "7.00");
		StringBuilder answers = new StringBuilder();

		// when
		answers.append(answer("accepted", signed(body)));
		answers.append(answer("duplicate", signed(body)));
		answers.append(answer("conflict", signed(aCallbackBody(id, "8.00"))));
		answers.append(answer("invalid amount", signed(aCallbackBody(newId(), "1.005"))));
		answers.append(answer("two invalid fields",
				signed(aCallbackBody(newId(), "-1").replace("\"CNY\"", "\"XXX\""))));
		answers.append(answer("wrong JSON type", signed(aCallbackBody(newId(), "1.00").replace("\"CNY\"", "42"))));
		answers.append(answer("malformed JSON", signed("{\"payNo\":")));
		answers.append(answer("JSON array", signed("[1,2]")));
		answers.append(answer("empty body", signed("")));
		answers.append(answer("unsigned", request(aCallbackBody(newId(), "1.00"), null)));
		answers.append(answer("malformed signature", request(aCallbackBody(newId(), "1.00"), "t=abc,v1=00")));
		answers.append(answer("signed with another secret", request(aCallbackBody(newId(), "1.00"),
				sign("not-our-secret-but-at-least-32-bytes", Instant.now().getEpochSecond(),
						aCallbackBody(newId(), "1.00")))));
		String late = aCallbackBody(newId(), "1.00");
		answers.append(answer("stale signature",
				request(late, sign(SECRET, Instant.now().minusSeconds(3600).getEpochSecond(), late))));
		answers.append(answer("body too large", signed(aCallbackBody(newId(), "1.00")
			.replace("}", ",\"pad\":\"" + "x".repeat(17 * 1024) + "\"}"))));
		answers.append(answer("text/plain content type",
				signed(aCallbackBody(newId(), "2.00")).setHeader("Content-Type", "text/plain")));
		answers.append(answer("form content type", signed(aCallbackBody(newId(), "2.00")).setHeader("Content-Type",
				"application/x-www-form-urlencoded")));
		answers.append(answer("no accept header", signedWithoutAccept(aCallbackBody(newId(), "2.00"))));
		answers.append(answer("accepts only text/plain",
				signed(aCallbackBody(newId(), "2.00")).setHeader("Accept", "text/plain")));
		answers.append(answer("cross-site browser", signed(aCallbackBody(newId(), "2.00")).header("Sec-Fetch-Site",
				"cross-site")));
		answers.append(answer("foreign origin", signed(aCallbackBody(newId(), "2.00")).header("Origin",
				"https://evil.example")));
		answers.append(answer("same-origin browser", signed(aCallbackBody(newId(), "2.00")).header("Sec-Fetch-Site",
				"same-origin")));
		answers.append(answer("wrong basic credentials", signed(aCallbackBody(newId(), "2.00")).header(
				"Authorization", "Basic " + java.util.Base64.getEncoder()
					.encodeToString("admin:wrong".getBytes(StandardCharsets.UTF_8)))));
		answers.append(answer("GET", HttpRequest.newBuilder(callbackUri("")).GET()));
		answers.append(answer("PUT", signed(aCallbackBody(newId(), "2.00"))
			.PUT(HttpRequest.BodyPublishers.ofString(aCallbackBody(newId(), "2.00")))));
		answers.append(answer("trailing slash", HttpRequest.newBuilder(callbackUri("/"))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(aCallbackBody(newId(), "2.00")))));
		answers.append(answer("query string", signed(aCallbackBody(newId(), "2.00")).uri(callbackUri("?a=b"))));
		answers.append(answer("not a SUCCESS", signed(aCallbackBody(newId(), "2.00").replace("SUCCESS", "CLOSED"))));

		// then
		String actual = answers.toString().replace(id, "<id>");
		Files.createDirectories(Path.of("target"));
		Files.writeString(Path.of("target", "callback-answers.txt"), actual);
		assertThat(actual).isEqualTo(expected());
	}

	private static String expected() throws IOException {
		try (InputStream in = CallbackAnswersKeepTheirExactBytesIT.class.getResourceAsStream("/callback-answers.txt")) {
			assertThat(in).as("src/test/resources/callback-answers.txt").isNotNull();
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	/** Status, headers (names lower case, sorted, without Date), body; bodies with per-request ids blanked. */
	private String answer(String name, HttpRequest.Builder request) throws IOException, InterruptedException {
		HttpResponse<String> response = this.client.send(request.timeout(Duration.ofSeconds(30)).build(),
				HttpResponse.BodyHandlers.ofString());
		Map<String, String> headers = new TreeMap<>();
		response.headers().map().forEach((header, values) -> {
			if (!header.equalsIgnoreCase("date")) {
				headers.put(header.toLowerCase(Locale.ROOT), String.join(" | ", values));
			}
		});
		StringBuilder text = new StringBuilder("== ").append(name).append('\n');
		text.append(response.statusCode()).append('\n');
		headers.forEach((header, value) -> text.append(header).append(": ").append(value).append('\n'));
		text.append(response.body()
			.replaceAll("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<id>")
			.replaceAll("\"timestamp\":\"[^\"]*\"", "\"timestamp\":\"<time>\""))
			.append("\n\n");
		return text.toString();
	}

	private HttpRequest.Builder signed(String body) {
		return request(body, sign(SECRET, Instant.now().getEpochSecond(), body));
	}

	private HttpRequest.Builder signedWithoutAccept(String body) {
		return HttpRequest.newBuilder(callbackUri(""))
			.header("Content-Type", "application/json")
			.header(SignatureVerifier.HEADER, sign(SECRET, Instant.now().getEpochSecond(), body))
			.POST(HttpRequest.BodyPublishers.ofString(body));
	}

	private HttpRequest.Builder request(String body, String signature) {
		HttpRequest.Builder request = HttpRequest.newBuilder(callbackUri(""))
			.header("Content-Type", "application/json")
			.header("Accept", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body));
		if (signature != null) {
			request.header(SignatureVerifier.HEADER, signature);
		}
		return request;
	}

	private static String sign(String secret, long t, String body) {
		return SignatureVerifier.sign(secret, t, body.getBytes(StandardCharsets.UTF_8));
	}

	private URI callbackUri(String suffix) {
		return URI.create("http://127.0.0.1:" + this.port + "/api/v1/callbacks/pay" + suffix);
	}

}
