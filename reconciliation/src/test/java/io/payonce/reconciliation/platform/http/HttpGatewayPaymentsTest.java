package io.payonce.reconciliation.platform.http;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.payonce.platform.PlatformPayment;
import io.payonce.reconciliation.platform.GatewayUnavailableException;
import io.payonce.reconciliation.platform.RecordedPayment;
import io.payonce.reconciliation.platform.RepairAnswer;
import io.payonce.reconciliation.platform.RepairSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The gateway adapter against a scripted HTTP server (the JDK's): what it sends (the callback's JSON, the source,
 * basic auth) and how it reads each answer; a gateway that is down never reads as "no payment".
 */
class HttpGatewayPaymentsTest {

	private final HttpServer server;

	private final List<String> requests = new ArrayList<>();

	private final AtomicReference<String> lastBody = new AtomicReference<>();

	private int status = 200;

	private String answer = "{}";

	HttpGatewayPaymentsTest() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
		this.server.createContext("/", this::answer);
		this.server.start();
	}

	@AfterEach
	void stop() {
		this.server.stop(0);
	}

	@Test
	void foundPaymentIsSentAsTheCallbacksJsonWithItsSourceAndAnAdmin() {
		// given
		this.answer = "{\"result\":\"ACCEPTED\",\"eventId\":\"e-1\",\"published\":true,\"firstPayNo\":null}";

		// when
		RepairAnswer answer = gateway().submit(payment(), RepairSource.QUERY, "active-query@2026-11-30T12:00:00Z");

		// then
		assertThat(answer.result()).isEqualTo(RepairAnswer.Result.ACCEPTED);
		assertThat(this.requests).singleElement()
			.isEqualTo("POST /api/v1/payments/repairs?source=QUERY&reference=active-query%402026-11-30T12%3A00%3A00Z "
					+ "Basic YWRtaW46c2VjcmV0");
		assertThat(this.lastBody.get()).isEqualTo("{\"payNo\":\"PN-1\",\"orderNo\":\"O-1\",\"userId\":10086,"
				+ "\"amount\":\"199.00\",\"currency\":\"CNY\",\"status\":\"SUCCESS\",\"paidAt\":\"2026-11-29T02:00:12Z\"}");
	}

	@Test
	void conflictAndRefusalAndOutageAreAnswersNotExceptions() throws IOException {
		this.status = 409;
		this.answer = "{\"reason\":\"conflict\",\"conflictingFields\":[\"amount\"]}";
		assertThat(gateway().submit(payment(), RepairSource.STATEMENT, "s").result())
			.isEqualTo(RepairAnswer.Result.CONFLICT);

		this.status = 400;
		this.answer = "{\"field\":\"amount\"}";
		assertThat(gateway().submit(payment(), RepairSource.STATEMENT, "s")).satisfies((answer) -> {
			assertThat(answer.result()).isEqualTo(RepairAnswer.Result.FAILED);
			assertThat(answer.detail()).contains("HTTP 400").contains("amount");
		});

		assertThat(gatewayNobodyListensOn().submit(payment(), RepairSource.STATEMENT, "s").result())
			.isEqualTo(RepairAnswer.Result.FAILED);
	}

	@Test
	void heldOrderIsOneWithASuccessfulPaymentAndAnOutageIsNeverNo() throws IOException {
		this.answer = "{\"orderNo\":\"O-1\",\"payNo\":\"PN-1\",\"status\":\"SUCCESS\"}";
		assertThat(gateway().holdsPaymentOf("O-1")).isTrue();

		this.answer = "{\"orderNo\":\"O-1\",\"payNo\":\"PN-1\",\"status\":\"PROCESSING\"}";
		assertThat(gateway().holdsPaymentOf("O-1")).isFalse();

		this.status = 404;
		assertThat(gateway().holdsPaymentOf("O-1")).isFalse();

		this.status = 503;
		assertThatThrownBy(() -> gateway().holdsPaymentOf("O-1")).isInstanceOf(GatewayUnavailableException.class);
		assertThatThrownBy(() -> gatewayNobodyListensOn().holdsPaymentOf("O-1"))
			.isInstanceOf(GatewayUnavailableException.class);
	}

	@Test
	void dayOfPaymentsIsRead() {
		// given the gateway's JSON (amounts as numbers, instants as ISO strings)
		this.answer = "[{\"payNo\":\"PN-1\",\"orderNo\":\"O-1\",\"kind\":\"DUPLICATE\",\"source\":\"STATEMENT\","
				+ "\"userId\":10086,\"amount\":199.00,\"currency\":\"CNY\",\"status\":\"SUCCESS\","
				+ "\"paidAt\":\"2026-11-29T02:00:12Z\"}]";

		// when
		List<RecordedPayment> day = gateway().paidOn(LocalDate.parse("2026-11-29"));

		// then
		assertThat(this.requests).singleElement().asString().startsWith("GET /api/v1/payments/days/2026-11-29 ");
		assertThat(day).singleElement().satisfies((p) -> {
			assertThat(p.isPrimary()).isFalse();
			assertThat(p.succeeded()).isTrue();
			assertThat(p.amount()).isEqualByComparingTo("199.00");
			assertThat(p.paidAt()).isEqualTo(Instant.parse("2026-11-29T02:00:12Z"));
		});
	}

	private HttpGatewayPayments gateway() {
		return new HttpGatewayPayments(URI.create("http://127.0.0.1:" + this.server.getAddress().getPort()), "admin",
				"secret", Duration.ofSeconds(5));
	}

	private static HttpGatewayPayments gatewayNobodyListensOn() throws IOException {
		int port;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			port = socket.getLocalPort();
		}
		return new HttpGatewayPayments(URI.create("http://127.0.0.1:" + port), "admin", "secret", Duration.ofSeconds(2));
	}

	private static PlatformPayment payment() {
		return new PlatformPayment("PN-1", "O-1", 10086, new BigDecimal("199.0"), "CNY", "SUCCESS",
				Instant.parse("2026-11-29T02:00:12Z"));
	}

	private void answer(HttpExchange exchange) throws IOException {
		this.requests.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawPath()
				+ ((exchange.getRequestURI().getRawQuery() != null) ? "?" + exchange.getRequestURI().getRawQuery() : "")
				+ " " + exchange.getRequestHeaders().getFirst("Authorization"));
		this.lastBody.set(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
		byte[] body = this.answer.getBytes(StandardCharsets.UTF_8);
		exchange.sendResponseHeaders(this.status, body.length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(body);
		}
	}

}
