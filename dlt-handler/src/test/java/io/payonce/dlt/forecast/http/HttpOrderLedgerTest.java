package io.payonce.dlt.forecast.http;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;
import io.payonce.dlt.forecast.OrderFacts;
import io.payonce.dlt.forecast.OrderLedger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The adapter reads the reconciliation's answer as it is written (amounts exact, account or null), asks as the
 * configured user, and turns every answer that is not an order or "no order" into "the ledger could not be asked".
 * Against a small local HTTP server that answers as the reconciliation does (the real one: ConsoleReplayInBrowserIT).
 */
class HttpOrderLedgerTest {

	private HttpServer server;

	private final List<String> authorizations = new CopyOnWriteArrayList<>();

	@BeforeEach
	void reconciliation() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/api/v1/orders/", (exchange) -> {
			this.authorizations.add(exchange.getRequestHeaders().getFirst("Authorization"));
			String orderNo = exchange.getRequestURI().getPath().substring("/api/v1/orders/".length());
			int status;
			String body;
			if (orderNo.equals("P1")) {
				status = 200;
				body = "{\"orderNo\":\"P1\",\"status\":\"INIT\",\"userId\":10086,\"amount\":199.00,\"currency\":\"CNY\","
						+ "\"payNo\":null,\"account\":{\"balance\":12345678901234567.10,\"currency\":\"CNY\"}}";
			}
			else if (orderNo.equals("P2")) {
				status = 200;
				body = "{\"orderNo\":\"P2\",\"status\":\"PAID\",\"userId\":7,\"amount\":5.00,\"currency\":\"USD\","
						+ "\"payNo\":\"PAY-2\",\"account\":null}";
			}
			else if (orderNo.equals("P3")) {
				status = 200;
				body = "{\"orderNo\":\"P3\",\"status\":\"INIT\",\"userId\":8,\"amount\":5.00,\"currency\":\"CNY\","
						+ "\"payNo\":null,\"account\":{\"balance\":9.00,\"currency\":\"CNY\",\"frozen\":true}}";
			}
			else if (orderNo.equals("BROKEN")) {
				status = 500;
				body = "{\"title\":\"Internal Server Error\"}";
			}
			else {
				status = 404;
				body = "{\"title\":\"Order not found\"}";
			}
			byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
			exchange.sendResponseHeaders(status, bytes.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(bytes);
			}
		});
		this.server.start();
	}

	@AfterEach
	void stop() {
		this.server.stop(0);
	}

	private HttpOrderLedger ledger(String user, String password) {
		return new HttpOrderLedger(new LedgerProperties(
				URI.create("http://127.0.0.1:" + this.server.getAddress().getPort()), user, password,
				Duration.ofSeconds(2)));
	}

	@Test
	void anOrderIsReadWithExactAmountsAsTheConfiguredUser() {
		OrderFacts order = ledger("viewer", "viewer-local").find("P1").orElseThrow();

		assertThat(order.status()).isEqualTo("INIT");
		assertThat(order.userId()).isEqualTo(10086);
		assertThat(order.amount()).isEqualByComparingTo("199.00");
		assertThat(order.payNo()).isNull();
		assertThat(order.account().balance().toPlainString()).isEqualTo("12345678901234567.10");
		assertThat(this.authorizations).containsExactly("Basic dmlld2VyOnZpZXdlci1sb2NhbA==");
	}

	@Test
	void aFrozenAccountIsReadAsFrozenAndOneWithoutTheFieldAsNot() {
		assertThat(ledger("viewer", "viewer-local").find("P3").orElseThrow().account().frozen()).isTrue();
		assertThat(ledger("viewer", "viewer-local").find("P1").orElseThrow().account().frozen()).isFalse();
	}

	@Test
	void aPaidOrderOfAUserWithoutAccountIsReadAsSuch() {
		OrderFacts order = ledger("viewer", "viewer-local").find("P2").orElseThrow();

		assertThat(order.payNo()).isEqualTo("PAY-2");
		assertThat(order.account()).isNull();
	}

	@Test
	void anUnknownOrderIsEmpty() {
		assertThat(ledger("viewer", "viewer-local").find("P404")).isEmpty();
	}

	@Test
	void anErrorAnswerMissingCredentialsOrNoServerIsUnavailableNamingIt() throws IOException {
		assertThatThrownBy(() -> ledger("viewer", "viewer-local").find("BROKEN"))
			.isInstanceOf(OrderLedger.LedgerUnavailableException.class)
			.hasMessageContaining("HTTP 500");
		assertThatThrownBy(() -> ledger(null, null).find("P1"))
			.isInstanceOf(OrderLedger.LedgerUnavailableException.class)
			.hasMessageContaining("PAYONCE_DLT_CONSOLE_LEDGER_USER");
		int closed;
		try (ServerSocket socket = new ServerSocket(0)) {
			closed = socket.getLocalPort();
		}
		HttpOrderLedger nobody = new HttpOrderLedger(new LedgerProperties(URI.create("http://127.0.0.1:" + closed),
				"viewer", "viewer-local", Duration.ofSeconds(2)));
		assertThatThrownBy(() -> nobody.find("P1")).isInstanceOf(OrderLedger.LedgerUnavailableException.class)
			.hasMessageContaining("failed");
	}

}
