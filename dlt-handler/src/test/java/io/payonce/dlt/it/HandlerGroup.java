package io.payonce.dlt.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The handler processes one test starts on the shared stack's Kafka, each stopped after the test whatever it did
 * (a killed one is already gone), and a viewer's requests to their consoles. Register it as an instance field with
 * {@code @RegisterExtension}.
 */
final class HandlerGroup implements AfterEachCallback {

	private static final String VIEWER = "Basic "
			+ Base64.getEncoder().encodeToString("viewer:viewer-local".getBytes(StandardCharsets.UTF_8));

	private final String bootstrap = LocalStack.shared().kafka().bootstrapServers();

	private final HttpClient http = HttpClient.newHttpClient();

	private final List<HandlerProcess> started = new ArrayList<>();

	String bootstrap() {
		return this.bootstrap;
	}

	/** One more member of the handler group {@code applicationId}, its console on {@code port}. */
	HandlerProcess startInGroup(String applicationId, int port, Path stateDir, Path log) throws IOException {
		return started(HandlerProcess.startInGroup(this.bootstrap, applicationId, port, stateDir, log));
	}

	/** A handler with the given environment and arguments. */
	HandlerProcess start(Map<String, String> env, List<String> args, Path log) throws IOException {
		return started(HandlerProcess.start(env, args, log));
	}

	/** {@code GET http://127.0.0.1:<port><path>} as a viewer (path already encoded). */
	HttpResponse<String> get(int port, String path) throws IOException, InterruptedException {
		return this.http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
			.header("Authorization", VIEWER)
			.timeout(Duration.ofSeconds(10))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	@Override
	public void afterEach(ExtensionContext context) throws InterruptedException {
		for (HandlerProcess handler : this.started) {
			if (handler.isAlive()) {
				handler.stop();
			}
		}
		this.started.clear();
	}

	private HandlerProcess started(HandlerProcess handler) {
		this.started.add(handler);
		return handler;
	}

}
