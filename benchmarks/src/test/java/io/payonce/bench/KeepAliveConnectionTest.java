package io.payonce.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The load generator's client against a real HTTP/1.1 server (the JDK's), on a free local port. */
class KeepAliveConnectionTest {

	private static final byte[] ACCEPTED = "ACCEPTED".getBytes(StandardCharsets.US_ASCII);

	private HttpServer server;

	private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();

	private final List<String> bodies = new java.util.concurrent.CopyOnWriteArrayList<>();

	@BeforeEach
	void startServer() throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/chunked", (exchange) -> answer(exchange, "{\"result\":\"ACCEPTED\"}", 0, false));
		this.server.createContext("/length", (exchange) -> {
			byte[] body = "{\"result\":\"DUPLICATE\"}".getBytes(StandardCharsets.UTF_8);
			answer(exchange, new String(body, StandardCharsets.UTF_8), body.length, false);
		});
		this.server.createContext("/close", (exchange) -> answer(exchange, "{\"result\":\"ACCEPTED\"}", 0, true));
		this.server.start();
	}

	private void answer(HttpExchange exchange, String body, long length, boolean close) throws IOException {
		this.clientPorts.add(exchange.getRemoteAddress().getPort());
		this.bodies.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
		exchange.getResponseHeaders().add("Content-Type", "application/json");
		if (close) {
			exchange.getResponseHeaders().add("Connection", "close");
		}
		exchange.sendResponseHeaders(200, length);
		try (OutputStream out = exchange.getResponseBody()) {
			out.write(body.getBytes(StandardCharsets.UTF_8));
		}
	}

	@AfterEach
	void stopServer() {
		this.server.stop(0);
	}

	private byte[] request(String path, String body) {
		return KeepAliveConnection.post("127.0.0.1", this.server.getAddress().getPort(), path,
				new String[] { "Content-Type", "application/json", "Payonce-Signature", "t=1,v1=ab" },
				body.getBytes(StandardCharsets.UTF_8));
	}

	private KeepAliveConnection connection() {
		return new KeepAliveConnection("127.0.0.1", this.server.getAddress().getPort(), 5000);
	}

	@Test
	void chunkedAnswersOnOneKeptAliveConnection() throws IOException {
		try (KeepAliveConnection connection = connection()) {
			for (int i = 0; i < 5; i++) {
				KeepAliveConnection.Answer answer = connection.exchange(request("/chunked", "{\"n\":" + i + "}"),
						ACCEPTED);

				assertThat(answer.status()).isEqualTo(200);
				assertThat(answer.bodyMatched()).isTrue();
			}
		}
		assertThat(this.clientPorts).hasSize(1);
		assertThat(this.bodies).containsExactly("{\"n\":0}", "{\"n\":1}", "{\"n\":2}", "{\"n\":3}", "{\"n\":4}");
	}

	@Test
	void contentLengthAnswerWithoutTheMarkerDoesNotMatch() throws IOException {
		try (KeepAliveConnection connection = connection()) {
			KeepAliveConnection.Answer first = connection.exchange(request("/length", "{}"), ACCEPTED);
			KeepAliveConnection.Answer second = connection.exchange(request("/chunked", "{}"), ACCEPTED);

			assertThat(first.status()).isEqualTo(200);
			assertThat(first.bodyMatched()).isFalse();
			assertThat(second.bodyMatched()).isTrue();
		}
		assertThat(this.clientPorts).hasSize(1);
	}

	@Test
	void connectionClosedByTheServerIsOpenedAgainForTheNextRequest() throws IOException {
		try (KeepAliveConnection connection = connection()) {
			for (int i = 0; i < 3; i++) {
				assertThat(connection.exchange(request("/close", "{}"), ACCEPTED).bodyMatched()).isTrue();
			}
		}
		assertThat(this.clientPorts).hasSize(3);
	}

	@Test
	void unknownPathIsAnAnswerNotAnError() throws IOException {
		try (KeepAliveConnection connection = connection()) {
			KeepAliveConnection.Answer answer = connection.exchange(request("/nowhere", "{}"), ACCEPTED);

			assertThat(answer.status()).isEqualTo(404);
			assertThat(answer.bodyMatched()).isFalse();
		}
	}

	@Test
	void noServerIsAnIoErrorForThatRequest() {
		int port = this.server.getAddress().getPort();
		this.server.stop(0);
		try (KeepAliveConnection connection = new KeepAliveConnection("127.0.0.1", port, 2000)) {
			assertThatThrownBy(() -> connection.exchange(request("/chunked", "{}"), ACCEPTED))
				.isInstanceOf(IOException.class);
		}
	}

	@Test
	void markerIsFoundOnlyWithinTheBodyRead() {
		byte[] data = "xxACCEPTEDyy".getBytes(StandardCharsets.US_ASCII);

		assertThat(KeepAliveConnection.indexOf(data, data.length, ACCEPTED)).isEqualTo(2);
		assertThat(KeepAliveConnection.indexOf(data, 9, ACCEPTED)).isEqualTo(-1);
	}

}
