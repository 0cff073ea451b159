package io.payonce.reconciliation.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Base64;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;

import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.reconciliation.ReconciliationApplication;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * One application context for every IT of this module, against the real shared local stack. The trade schema
 * is created by the deduct consumer's own migration files (read from its source folder, not copied), so a
 * change of the consumer's schema reaches these tests at once.
 */
@SpringBootTest(classes = ReconciliationApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("local")
abstract class ReconciliationITSupport {

	static final LocalStack stack = LocalStack.shared();

	static final RecordingWebhook webhook = RecordingWebhook.start();

	static final Path workDir;

	static final String MAX_SPAN = "3660d";

	static {
		TradeSchema.migrateAsTheConsumerDoes(stack);
		try {
			workDir = Files.createTempDirectory("payonce-reconciliation-it-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	@DynamicPropertySource
	static void localStack(DynamicPropertyRegistry registry) {
		registry.add("spring.kafka.bootstrap-servers", () -> stack.kafka().bootstrapServers());
		registry.add("spring.datasource.url", () -> stack.mariaDb().jdbcUrl(LocalDatabase.TRADE.schema()));
		registry.add("spring.datasource.username", LocalDatabase.RECONCILIATION::user);
		registry.add("spring.datasource.password", LocalDatabase.RECONCILIATION::password);
		registry.add("spring.flyway.user", LocalDatabase.TRADE::user);
		registry.add("spring.flyway.password", LocalDatabase.TRADE::password);
		registry.add("payonce.reconciliation.streams.application-id", () -> "reconciliation-it-" + UUID.randomUUID());
		registry.add("payonce.reconciliation.streams.state-dir", () -> workDir.resolve("streams").toString());
		registry.add("payonce.reconciliation.continuous.window", () -> "2s");
		registry.add("payonce.reconciliation.continuous.scan-interval", () -> "250ms");
		registry.add("payonce.reconciliation.alert.webhook-url", webhook::url);
		registry.add("payonce.reconciliation.audit.report-dir", () -> workDir.resolve("reports").toString());
		// the repair test audits from its incident in 2020 to now: ten years, not the default month
		registry.add("payonce.reconciliation.audit.max-span", () -> MAX_SPAN);
		// no gateway or platform runs beside these tests: active query is e2e-tests' to show
		registry.add("payonce.reconciliation.active-query.enabled", () -> "false");
	}

	/** The trade schema as its owner: what a test seeds and checks, beside the service's own user. */
	final JdbcTemplate trade = new JdbcTemplate(new DriverManagerDataSource(
			stack.mariaDb().jdbcUrl(LocalDatabase.TRADE.schema()), LocalDatabase.TRADE.user(),
			LocalDatabase.TRADE.password()));

	private final HttpClient http = HttpClient.newHttpClient();

	@LocalServerPort
	int port;

	/** A CNY account with that balance, under a random user id; returns the id. */
	long seedUser(String balance) {
		long user = ThreadLocalRandom.current().nextLong(1_000_000, 9_000_000_000L);
		this.trade.update("INSERT INTO t_account (user_id, balance, currency) VALUES (?, ?, 'CNY')", user,
				new BigDecimal(balance));
		return user;
	}

	void seedOrder(String orderNo, long user, String amount, String status, Instant at) {
		this.trade.update("INSERT INTO t_order (order_no, user_id, amount, currency, status, created_at, updated_at)"
				+ " VALUES (?, ?, ?, 'CNY', ?, ?, ?)", orderNo, user, new BigDecimal(amount), status, Timestamp.from(at),
				Timestamp.from(at));
	}

	/** A flow as the consumer or legacy code would have booked it; returns its id. */
	long seedFlow(long user, String amount, String bizNo, String type, Instant at) {
		this.trade.update("INSERT INTO t_account_flow (user_id, amount, biz_no, type, created_at) VALUES (?, ?, ?, ?, ?)",
				user, new BigDecimal(amount), bizNo, type, Timestamp.from(at));
		return this.trade.queryForObject("SELECT id FROM t_account_flow WHERE biz_no = ? AND type = ?", Long.class,
				bizNo, type);
	}

	HttpResponse<String> get(String path, String user, String password) throws Exception {
		return this.http.send(request(path, user, password).GET().build(), HttpResponse.BodyHandlers.ofString());
	}

	HttpResponse<String> post(String path, String json, String user, String password) {
		try {
			return this.http.send(request(path, user, password).header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString(json))
				.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	HttpRequest.Builder request(String path, String user, String password) {
		HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path));
		if (user != null) {
			builder.header("Authorization", "Basic "
					+ Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)));
		}
		return builder;
	}

}
