package io.payonce.dlt.console.web;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

import com.sun.net.httpserver.HttpServer;
import io.payonce.dlt.retry.PendingRetry;
import io.payonce.dlt.retry.PendingRetryQuery;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The console asking the other instances for their part of the pending retries, over real HTTP. */
class PeerConsolesTest {

	private static final String OPERATOR = "Basic dmlld2VyOnZpZXdlci1sb2NhbA==";

	private final List<String> asked = new CopyOnWriteArrayList<>();

	private HttpServer peer;

	@AfterEach
	void stopPeer() {
		if (this.peer != null) {
			this.peer.stop(0);
		}
	}

	@Test
	void aPeerIsAskedForItsOwnPartWithTheOperatorsCredentialsAndTheFilters() throws Exception {
		// given another instance that holds one pending retry
		String instance = startPeer(200, """
				{"pending":[{"orderNo":"P 9","eventId":"evt-9","attempt":2,"reason":"INSUFFICIENT_BALANCE",
				"errorMessage":"balance 10.00 < 25.00","failedAt":"2026-11-30T20:00:00Z","dueAt":"2026-11-30T20:01:00Z"}],
				"instances":["peer"],"unreachable":[]}""");

		// when this instance asks it
		Map<String, PeerConsoles.Answer> answers = new PeerConsoles(Duration.ofSeconds(2))
			.ask(List.of(instance), new PendingRetryQuery("P 9", "INSUFFICIENT_BALANCE", 50), OPERATOR);

		// then it asked for the peer's local part only, as the operator, with the same filters
		assertThat(this.asked).singleElement()
			.isEqualTo("/api/v1/pending?scope=local&size=50&orderNo=P+9&reason=INSUFFICIENT_BALANCE|" + OPERATOR);
		assertThat(answers.get(instance).problem()).isNull();
		assertThat(answers.get(instance).retries()).containsExactly(new PendingRetry("P 9", "evt-9", 2,
				"INSUFFICIENT_BALANCE", "balance 10.00 < 25.00", Instant.parse("2026-11-30T20:00:00Z"),
				Instant.parse("2026-11-30T20:01:00Z")));
	}

	@Test
	void aPeerThatRefusesOrIsDownIsNamedWithItsProblemNeverLeftOutSilently() throws Exception {
		// given one peer that refuses (as for credentials it does not know) and one where nothing listens
		String refusing = startPeer(401, "");
		String down = "127.0.0.1:" + freePort();

		// when both are asked
		Map<String, PeerConsoles.Answer> answers = new PeerConsoles(Duration.ofSeconds(2))
			.ask(List.of(refusing, down), new PendingRetryQuery(null, null, 100), OPERATOR);

		// then each comes back without retries and with the reason
		assertThat(answers).containsOnlyKeys(refusing, down);
		assertThat(answers.get(refusing).retries()).isEmpty();
		assertThat(answers.get(refusing).problem()).isEqualTo("HTTP 401");
		assertThat(answers.get(down).retries()).isEmpty();
		assertThat(answers.get(down).problem()).contains("ConnectException");
	}

	private String startPeer(int status, String body) throws IOException {
		this.peer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
		this.peer.createContext("/", (exchange) -> {
			this.asked.add(exchange.getRequestURI() + "|" + exchange.getRequestHeaders().getFirst("Authorization"));
			byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
			exchange.getResponseHeaders().add("Content-Type", "application/json");
			exchange.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
			try (OutputStream out = exchange.getResponseBody()) {
				out.write(bytes);
			}
		});
		this.peer.start();
		return "127.0.0.1:" + this.peer.getAddress().getPort();
	}

	private static int freePort() throws IOException {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
	}

}
