package io.payonce.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code PAYONCE_STACK=testcontainers}: the shared stack of a test JVM as Docker containers (docs/testcontainers.md).
 * Refers to no Testcontainers type itself, so that it can say clearly what is missing (the dependency, or a
 * Docker engine) before anything touches one; the containers are {@link ContainerNodes}.
 */
final class ContainerStack {

	/** How long the Docker check may take before the switch fails (it must never hang a build). */
	static final Duration DOCKER_CHECK_TIMEOUT = Duration.ofSeconds(30);

	static final String TESTCONTAINERS_CLASS = "org.testcontainers.DockerClientFactory";

	private static final String SHARED_PREFIX = "payonce-containers-";

	private static final String HINT = " Start a Docker engine (`docker info` must work for this user), or unset "
			+ StackOptions.STACK_ENV + " / -D" + StackOptions.STACK_PROPERTY
			+ " to use the local processes (the default). See docs/testcontainers.md.";

	private ContainerStack() {
	}

	/** A check that throws, with the reason as message, if no usable Docker engine answers. */
	@FunctionalInterface
	interface DockerCheck {

		void run() throws Exception;

	}

	/**
	 * The stack {@link LocalStack#shared()} returns with the switch on: free ports, a temporary folder for logs and
	 * service state, containers removed by a shutdown hook (and by Testcontainers' Ryuk if this JVM is killed).
	 * With the MySQL database, {@code payonce.relay.flavour=MYSQL} becomes a system property of this JVM (unless
	 * set already), so that relays started in it read MySQL with the Debezium MySQL connector.
	 */
	static LocalStack shared(StackOptions options) {
		requireTestcontainers(LocalStack.class.getClassLoader());
		requireDocker(ContainerNodes::checkDocker, DOCKER_CHECK_TIMEOUT);
		Path dir;
		try {
			dir = Files.createTempDirectory(SHARED_PREFIX);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		LocalStack stack = ContainerNodes.start(LocalStackConfig.freePorts(dir), options);
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			try {
				stack.close();
			}
			finally {
				stack.release();
				Binaries.deleteRecursively(dir);
			}
		}, "payonce-container-stack-stop"));
		if (options.database() == StackOptions.Database.MYSQL && System.getProperty(RELAY_FLAVOUR) == null) {
			System.setProperty(RELAY_FLAVOUR, options.database().relayFlavour());
		}
		return stack;
	}

	/** The relay's connector flavour setting (outbox-relay's {@code RelayProperties}). */
	static final String RELAY_FLAVOUR = "payonce.relay.flavour";

	/** Fails clearly if the optional Testcontainers dependency is not on this JVM's classpath. */
	static void requireTestcontainers(ClassLoader loader) {
		requireClass(loader, TESTCONTAINERS_CLASS);
	}

	static void requireClass(ClassLoader loader, String className) {
		try {
			Class.forName(className, false, loader);
		}
		catch (ClassNotFoundException | LinkageError ex) {
			throw new NodeStartException(StackOptions.STACK_ENV + "=testcontainers, but Testcontainers is not on "
					+ "the test classpath (" + className + " is missing). It is an optional dependency of "
					+ "payonce-infra: add org.testcontainers:testcontainers with test scope to the module, or run "
					+ "with the Maven profile of docs/testcontainers.md. Or unset " + StackOptions.STACK_ENV
					+ " to use the local processes.", ex);
		}
	}

	/**
	 * Runs the check on a daemon thread and waits at most {@code timeout}.
	 * @throws NodeStartException if it fails (with its reason) or does not answer in time
	 */
	static void requireDocker(DockerCheck check, Duration timeout) {
		ExecutorService executor = Executors.newSingleThreadExecutor(runnable -> {
			Thread thread = new Thread(runnable, "payonce-docker-check");
			thread.setDaemon(true);
			return thread;
		});
		try {
			Future<?> answer = executor.submit(() -> {
				check.run();
				return null;
			});
			try {
				answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			}
			catch (TimeoutException ex) {
				answer.cancel(true);
				throw new NodeStartException(StackOptions.STACK_ENV + "=testcontainers, but no Docker engine answered "
						+ "within " + timeout.toSeconds() + " s." + HINT, ex);
			}
			catch (ExecutionException ex) {
				Throwable cause = ex.getCause();
				throw new NodeStartException(StackOptions.STACK_ENV + "=testcontainers, but no usable Docker engine: "
						+ cause.getMessage() + "." + HINT, cause);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new NodeStartException("Interrupted while looking for a Docker engine", ex);
			}
		}
		finally {
			executor.shutdownNow();
		}
	}

}
