package io.payonce.ops.webhook;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The webhook gets the alert as JSON with a text field; a webhook that is down costs a log line, nothing else. */
class JsonWebhookTest {

	private final List<String> received = new CopyOnWriteArrayList<>();

	private HttpServer server;

	@AfterEach
	void stop() {
		if (this.server != null) {
			this.server.stop(0);
		}
	}

	@Test
	void postsTheFieldsAndTheText() throws Exception {
		URI url = start(204);
		Map<String, Object> alert = new LinkedHashMap<>();
		alert.put("level", "WARNING");
		alert.put("backlog", 1);

		int status = new JsonWebhook(url).post(alert, "backlog WARNING", "WARNING").get(10, TimeUnit.SECONDS);

		assertThat(status).isEqualTo(204);
		assertThat(this.received).containsExactly("{\"level\":\"WARNING\",\"backlog\":1,\"text\":\"backlog WARNING\"}");
	}

	@Test
	void aRecordIsSentWithItsComponents() throws Exception {
		URI url = start(200);

		new JsonWebhook(url).post(new Finding("F-1", "DUPLICATE"), "duplicate", "F-1").get(10, TimeUnit.SECONDS);

		assertThat(this.received).containsExactly("{\"findingId\":\"F-1\",\"kind\":\"DUPLICATE\",\"text\":\"duplicate\"}");
	}

	@Test
	void anUnreachableWebhookCompletesWithMinusOne() throws Exception {
		int closedPort;
		try (ServerSocket socket = new ServerSocket(0)) {
			closedPort = socket.getLocalPort();
		}

		int status = new JsonWebhook(URI.create("http://127.0.0.1:" + closedPort + "/alerts"))
			.post(Map.of("level", "CRITICAL"), "x", "CRITICAL")
			.get(30, TimeUnit.SECONDS);

		assertThat(status).isEqualTo(-1);
	}

	record Finding(String findingId, String kind) {

	}

	private URI start(int status) throws IOException {
		this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.server.createContext("/alerts", (exchange) -> {
			this.received.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
			exchange.sendResponseHeaders(status, -1);
			exchange.close();
		});
		this.server.start();
		return URI.create("http://127.0.0.1:" + this.server.getAddress().getPort() + "/alerts");
	}

}
