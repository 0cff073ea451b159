package io.payonce.e2e.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.platform.callback.CallbackClient;

/**
 * The services as separate processes ({@code java -jar <module>-exec.jar}) against a local stack, on free ports,
 * for black-box tests. The jars come from the reactor (failsafe passes {@code payonce.jar.<module>}); close()
 * stops every service it started (the stack belongs to whoever started it).
 *
 * <pre>
 * Pipeline pipeline = Pipeline.start(LocalStack.shared(), "outbox-relay", "deduct-consumer", "producer-gateway");
 * pipeline.callbacks().send(callback);  pipeline.ledger().orderStatus(orderNo);  pipeline.service("deduct-consumer").kill();
 * pipeline.launch("dlt-handler", Map.of("PAYONCE_DLT_CONSOLE_AUDIT_TOPIC", topic));   // one more, with its own settings
 * </pre>
 */
public final class Pipeline implements AutoCloseable {

	private static final Duration HEALTH_TIMEOUT = Duration.ofMinutes(4);

	private final LocalStack stack;

	private final Map<String, ServiceProcess> services;

	private Pipeline(LocalStack stack, Map<String, ServiceProcess> services) {
		this.stack = stack;
		this.services = services;
	}

	/** Launches the services in the given order and waits until each reports UP. */
	public static Pipeline start(LocalStack stack, String... modules) {
		Path dir = stack.dataDir().resolve("services");
		Map<String, ServiceProcess> started = new LinkedHashMap<>();
		try {
			Files.createDirectories(dir);
			for (String module : modules) {
				started.put(module, ServiceProcess.launch(module, execJar(module), ServiceProcess.freePort(),
						stack.serviceEnvironment(module), dir));
			}
			for (ServiceProcess service : started.values()) {
				service.awaitHealthy(HEALTH_TIMEOUT);
			}
			return new Pipeline(stack, started);
		}
		catch (IOException ex) {
			started.values().forEach(ServiceProcess::stop);
			throw new UncheckedIOException(ex);
		}
		catch (RuntimeException ex) {
			started.values().forEach(ServiceProcess::stop);
			throw ex;
		}
	}

	/**
	 * One more service in this pipeline, with the stack's environment for it and {@code overrides} on top (e.g. its
	 * own audit topic), on a free port; returns once it reports UP. {@link #close()} stops it with the others.
	 */
	public ServiceProcess launch(String module, Map<String, String> overrides) {
		if (this.services.containsKey(module)) {
			throw new IllegalArgumentException(module + " runs already");
		}
		Map<String, String> environment = new LinkedHashMap<>(this.stack.serviceEnvironment(module));
		environment.putAll(overrides);
		ServiceProcess service;
		try {
			service = ServiceProcess.launch(module, execJar(module), freePort(), environment,
					Files.createDirectories(this.stack.dataDir().resolve("services")));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		this.services.put(module, service);
		return service.awaitHealthy(HEALTH_TIMEOUT);
	}

	/**
	 * The runnable jar of a module: the system property {@code payonce.jar.<module>} (set by failsafe), else the
	 * newest {@code <repo>/<module>/target/*-exec.jar}.
	 */
	public static Path execJar(String module) {
		String configured = System.getProperty("payonce.jar." + module);
		if (configured != null && Files.isRegularFile(Path.of(configured))) {
			return Path.of(configured);
		}
		Path repo = Path.of(System.getProperty("payonce.repo", "..")).toAbsolutePath().normalize();
		return ServiceProcess.execJar(repo, module)
			.orElseThrow(() -> new IllegalStateException("No runnable jar of " + module + " (" + configured
					+ "); build it first: ./mvnw -pl " + module + " package -DskipTests"));
	}

	public ServiceProcess service(String module) {
		ServiceProcess service = this.services.get(module);
		if (service == null) {
			throw new IllegalArgumentException(module + " was not started; started: " + this.services.keySet());
		}
		return service;
	}

	/** Signed callbacks (local secret) to the gateway. */
	public CallbackClient callbacks() {
		return CallbackClient.local(service("producer-gateway").baseUrl());
	}

	/** Seeding and reading the trade and gateway schemas. */
	public TradeLedger ledger() {
		return TradeLedger.of(this.stack.mariaDb());
	}

	public LocalStack stack() {
		return this.stack;
	}

	/** Stops every service (SIGTERM, then SIGKILL); no process is left behind. */
	@Override
	public void close() {
		List<ServiceProcess> reverse = new ArrayList<>(this.services.values());
		java.util.Collections.reverse(reverse);
		reverse.forEach(ServiceProcess::stop);
	}

	/** A free port below the kernel's ephemeral range ({@link ServiceProcess#freePort()}). */
	static int freePort() {
		return ServiceProcess.freePort();
	}

}
