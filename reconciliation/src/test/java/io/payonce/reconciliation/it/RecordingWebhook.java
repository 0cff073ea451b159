package io.payonce.reconciliation.it;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A real HTTP endpoint on a free port that keeps every alert POSTed to it: the alert sink under test. */
final class RecordingWebhook {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private final HttpServer server;

	private final List<JsonNode> received = new CopyOnWriteArrayList<>();

	private RecordingWebhook(HttpServer server) {
		this.server = server;
	}

	static RecordingWebhook start() {
		try {
			HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
			RecordingWebhook webhook = new RecordingWebhook(server);
			server.createContext("/alerts", exchange -> {
				try (InputStream body = exchange.getRequestBody()) {
					webhook.received.add(MAPPER.readTree(new String(body.readAllBytes(), StandardCharsets.UTF_8)));
				}
				exchange.sendResponseHeaders(204, -1);
				exchange.close();
			});
			server.start();
			Runtime.getRuntime().addShutdownHook(new Thread(() -> server.stop(0), "recording-webhook-stop"));
			return webhook;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	String url() {
		return "http://127.0.0.1:" + this.server.getAddress().getPort() + "/alerts";
	}

	/** Kinds of the alerts received for one order, in arrival order. */
	List<String> kindsFor(String orderNo) {
		return this.received.stream()
			.filter(alert -> orderNo.equals(alert.path("orderNo").asString()))
			.map(alert -> alert.path("kind").asString())
			.toList();
	}

	/** The alerts received for one order, in arrival order, as their chat text. */
	List<String> textsFor(String orderNo) {
		return this.received.stream()
			.filter(alert -> orderNo.equals(alert.path("orderNo").asString()))
			.map(alert -> alert.path("text").asString())
			.toList();
	}

}
