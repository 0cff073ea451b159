package io.payonce.gateway.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.payonce.gateway.GatewayApplication;
import io.payonce.gateway.callback.domain.SignatureVerifier;
import io.payonce.gateway.callback.web.LookupConnector;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.infra.MariaDbNode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Base of the gateway ITs: the real application on a free port against the real MariaDB of
 * {@link LocalStack#shared()}. Outbox clean-up is {@code RETENTION}, so that the tests can count the events
 * that were written instead of trusting that they were. Every test uses its own orderNo/payNo.
 */
@SpringBootTest(classes = GatewayApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "payonce.gateway.outbox.cleanup=RETENTION", "payonce.gateway.retry-after=3s",
				"payonce.gateway.lookup.port=0",
				// 50 parallel requests share 10 pooled connections on a busy 2-core machine; 2 s is the
				// production default, the ITs allow more so that only a real outage answers 503 here.
				"spring.datasource.hikari.connection-timeout=5000" })
@ActiveProfiles("local")
abstract class GatewayIntegrationTest {

	static final String SECRET = "payonce-local-secret";

	private final HttpClient http = HttpClient.newBuilder()
		.version(HttpClient.Version.HTTP_1_1)
		.connectTimeout(Duration.ofSeconds(5))
		.build();

	@LocalServerPort
	int port;

	@Autowired
	JdbcClient jdbc;

	@Autowired
	JdbcTemplate jdbcTemplate;

	@Autowired
	LookupConnector lookup;

	@LocalManagementPort
	int managementPort;

	@DynamicPropertySource
	static void localStackDatabase(DynamicPropertyRegistry registry) {
		MariaDbNode mariaDb = LocalStack.shared().mariaDb();
		registry.add("spring.datasource.url", () -> mariaDb.jdbcUrl(LocalDatabase.GATEWAY.schema()));
		registry.add("spring.datasource.username", LocalDatabase.GATEWAY_APP::user);
		registry.add("spring.datasource.password", LocalDatabase.GATEWAY_APP::password);
		registry.add("spring.flyway.user", LocalDatabase.GATEWAY::user);
		registry.add("spring.flyway.password", LocalDatabase.GATEWAY::password);
		// the timeline facts (issue 17) go to the stack's broker; its topics exist before the first callback
		LocalStack.shared().kafka().createTopics();
		registry.add("spring.kafka.bootstrap-servers", () -> LocalStack.shared().kafka().bootstrapServers());
	}

	/** A fresh, valid callback body; orderNo {@code O-<id>}, payNo {@code N-<id>}. */
	static String aCallbackBody(String id, String amount) {
		return """
				{"payNo":"N-%s","orderNo":"O-%s","userId":10086,"amount":"%s","currency":"CNY","status":"SUCCESS",\
				"paidAt":"2026-09-28T02:00:12Z"}""".formatted(id, id, amount);
	}

	static String newId() {
		return UUID.randomUUID().toString();
	}

	HttpResponse<String> postSigned(String body) {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		return post(bytes, SignatureVerifier.sign(SECRET, Instant.now().getEpochSecond(), bytes));
	}

	/**
	 * The same signed callback from {@code callers} threads released at the same moment.
	 * @return each answer as {@code <status> <body>}
	 */
	List<String> postSignedConcurrently(String body, int callers) throws InterruptedException, ExecutionException {
		return postSignedConcurrently(java.util.Collections.nCopies(callers, body));
	}

	/**
	 * Each body signed and sent by its own thread, all released at the same moment.
	 * @return each answer as {@code <status> <body>}, in the order of {@code bodies}
	 */
	List<String> postSignedConcurrently(List<String> bodies) throws InterruptedException, ExecutionException {
		CountDownLatch start = new CountDownLatch(1);
		List<Future<HttpResponse<String>>> answers = new ArrayList<>();
		ExecutorService senders = Executors.newFixedThreadPool(bodies.size());
		try {
			for (String body : bodies) {
				answers.add(senders.submit(() -> {
					start.await();
					return postSigned(body);
				}));
			}
			start.countDown();
			List<String> results = new ArrayList<>();
			for (Future<HttpResponse<String>> answer : answers) {
				HttpResponse<String> response = answer.get();
				results.add(response.statusCode() + " " + response.body());
			}
			return results;
		}
		finally {
			senders.shutdownNow();
		}
	}

	HttpResponse<String> post(byte[] body, String signature) {
		return post(this.port, body, signature);
	}

	/** A signed callback with extra request headers ({@code name, value, name, value, …}). */
	HttpResponse<String> postSignedWith(String body, String... headers) {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		return post(this.port, bytes, SignatureVerifier.sign(SECRET, Instant.now().getEpochSecond(), bytes), headers);
	}

	/** A signed callback to another port of the gateway. */
	HttpResponse<String> postTo(int port, String body) {
		byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
		return post(port, bytes, SignatureVerifier.sign(SECRET, Instant.now().getEpochSecond(), bytes));
	}

	private HttpResponse<String> post(int port, byte[] body, String signature, String... headers) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/api/v1/callbacks/pay"))
			.timeout(Duration.ofSeconds(30))
			.header("Content-Type", "application/json")
			// What platforms send; errors must still come back as application/problem+json.
			.header("Accept", "application/json")
			.POST(HttpRequest.BodyPublishers.ofByteArray(body));
		if (signature != null) {
			request.header(SignatureVerifier.HEADER, signature);
		}
		if (headers.length > 0) {
			request.headers(headers);
		}
		return send(request.build());
	}

	/** A GET on the lookup's own port as the local profile's viewer (the lookup is for ops users only). */
	HttpResponse<String> lookup(String orderNo) {
		return get(this.lookup.port(), "/api/v1/payments/" + orderNo, "viewer", "viewer-local");
	}

	/** A POST to the lookup's port: the platform side's repair door ({@code source}, {@code reference} as query). */
	HttpResponse<String> repair(String query, String body, String user, String password) {
		HttpRequest.Builder request = HttpRequest
			.newBuilder(URI.create("http://127.0.0.1:" + this.lookup.port() + "/api/v1/payments/repairs?" + query))
			.timeout(Duration.ofSeconds(30))
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString(body));
		if (user != null) {
			request.header("Authorization", "Basic " + java.util.Base64.getEncoder()
				.encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
		}
		return send(request.build());
	}

	/** A GET on any port of the gateway, with credentials or (user null) without. */
	HttpResponse<String> get(int port, String path, String user, String password) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.timeout(Duration.ofSeconds(30))
			.GET();
		if (user != null) {
			request.header("Authorization", "Basic " + java.util.Base64.getEncoder()
				.encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
		}
		return send(request.build());
	}

	private HttpResponse<String> send(HttpRequest request) {
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	long outboxEvents(String orderNo) {
		return this.jdbc.sql("SELECT COUNT(*) FROM t_outbox WHERE aggregateid = ?")
			.params(orderNo)
			.query(Long.class)
			.single();
	}

	long payments(String orderNo) {
		return this.jdbc.sql("SELECT COUNT(*) FROM t_payment WHERE order_no = ?").params(orderNo).query(Long.class).single();
	}

}
