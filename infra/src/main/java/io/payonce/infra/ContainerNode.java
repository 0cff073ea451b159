package io.payonce.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.AbstractWaitStrategy;
import org.testcontainers.utility.DockerImageName;

/**
 * A node of {@code PAYONCE_STACK=testcontainers}: one Docker container with the same controls as a
 * {@link ProcessNode}, so that the fault tests run unchanged.
 *
 * <ul>
 * <li>Ports: every port is published on the host's {@code 127.0.0.1} under the same number it listens on inside
 * the container, chosen free up front ({@link LocalStackConfig#freePorts}). A restarted container keeps its
 * address, and addresses a server advertises (Kafka) are right on both sides.</li>
 * <li>{@link #stop()} and {@link #start()} stop and start the <em>same</em> container, which keeps its data;
 * {@link #kill()} is {@code docker kill} (SIGKILL), {@link #pause()}/{@link #resume()} are {@code docker
 * pause}/{@code unpause} (cgroup freezer: the server keeps its sockets and answers nothing, like SIGSTOP).</li>
 * <li>Ready means the same real request as the local node's probe, made from this JVM to {@code 127.0.0.1}; the
 * container's own wait strategy is not used.</li>
 * <li>{@link #pid()} is always {@code -1}: the server runs in the container's PID namespace (with Docker Desktop
 * inside a VM), so no host PID is meaningful. Control the node through this interface only.</li>
 * <li>{@link #logFile()} holds the container's output ({@code docker logs}, every run), written when asked.</li>
 * </ul>
 */
abstract class ContainerNode implements ManagedNode {

	private static final Duration POLL_INTERVAL = Duration.ofMillis(250);

	private static final int STOP_TIMEOUT_SECONDS = 30;

	private static final int LOG_TAIL_LINES = 40;

	private final String name;

	private final String image;

	private final Path stackDir;

	private final List<Integer> ports;

	private final GenericContainer<?> container;

	private volatile boolean created;

	/**
	 * @param ports published on 127.0.0.1 with the same number inside the container
	 * @param configure environment and command of the container; this class adds ports and waiting
	 */
	ContainerNode(String name, Path stackDir, List<Integer> ports, String image,
			UnaryOperator<GenericContainer<?>> configure) {
		this.name = name;
		this.image = image;
		this.stackDir = stackDir;
		this.ports = List.copyOf(ports);
		// nothing here talks to Docker: the image is pulled by start()
		this.container = configure.apply(new GenericContainer<>(DockerImageName.parse(image)))
			.withCreateContainerCmdModifier(cmd -> publish(cmd, this.ports))
			.waitingFor(new ProbeDecides())
			.withStartupAttempts(1);
	}

	/** One real request from this JVM; {@code true} once the server answers it. */
	abstract boolean probe() throws Exception;

	/** Runs after every start once the server is ready, e.g. schemas or topics. */
	void afterReady() {
	}

	abstract Duration startTimeout();

	final String name() {
		return this.name;
	}

	@Override
	public synchronized void start() {
		if (isRunning()) {
			return;
		}
		launch();
		awaitReady(startTimeout());
		afterReady();
	}

	/** Creates and starts the container the first time, starts the same one again later; does not wait. */
	final synchronized void launch() {
		if (!this.created) {
			for (int port : this.ports) {
				LocalStackConfig.Ports.requireFree(this.name, port);
			}
			try {
				this.container.start();
			}
			catch (RuntimeException ex) {
				throw new NodeStartException(describe() + ": the container did not start: " + ex.getMessage(), ex);
			}
			this.created = true;
		}
		else {
			docker().startContainerCmd(id()).exec();
		}
	}

	/** Polls {@link #probe()} until it answers; fails at once if the container exits. */
	final void awaitReady(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		Exception last = null;
		while (System.nanoTime() < deadline) {
			if (!isRunning()) {
				throw failure("the container exited before it was ready", last);
			}
			try {
				if (probe()) {
					return;
				}
			}
			catch (Exception ex) {
				last = ex;
			}
			try {
				Thread.sleep(POLL_INTERVAL.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw failure("interrupted while waiting for it to be ready", ex);
			}
		}
		throw failure("not ready after " + timeout.toSeconds() + " s", last);
	}

	/** {@code docker stop} (SIGTERM, then SIGKILL after 30 s) of the same container; its data stays. */
	@Override
	public synchronized void stop() {
		if (!isRunning()) {
			return;
		}
		resume();
		docker().stopContainerCmd(id()).withTimeout(STOP_TIMEOUT_SECONDS).exec();
	}

	/**
	 * {@code docker kill} (SIGKILL). Docker refuses to kill a paused container, so a paused one is unpaused first
	 * and killed right after.
	 */
	@Override
	public synchronized void kill() {
		if (!isRunning()) {
			throw new IllegalStateException(this.name + ": docker kill found no running container");
		}
		resume();
		docker().killContainerCmd(id()).exec();
		long deadline = System.nanoTime() + Duration.ofSeconds(STOP_TIMEOUT_SECONDS).toNanos();
		while (isRunning()) {
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException(this.name + ": container still running " + STOP_TIMEOUT_SECONDS
						+ " s after docker kill");
			}
			ProcessNode.pauseBriefly();
		}
	}

	/** The exit code Docker recorded for the container's last run (no host PID: -1). */
	@Override
	public java.util.Optional<Exit> lastExit() {
		InspectContainerResponse.ContainerState state = state();
		if (state == null || Boolean.TRUE.equals(state.getRunning()) || state.getExitCodeLong() == null
				|| state.getFinishedAt() == null || state.getFinishedAt().startsWith("0001-")) {
			return java.util.Optional.empty();
		}
		return java.util.Optional.of(new Exit(-1, state.getExitCodeLong().intValue()));
	}

	/** {@code docker pause}: every process of the container frozen, its ports still open. */
	@Override
	public synchronized void pause() {
		if (isRunning() && !isPaused()) {
			docker().pauseContainerCmd(id()).exec();
		}
	}

	/** {@code docker unpause} after {@link #pause()}. */
	@Override
	public synchronized void resume() {
		if (isPaused()) {
			docker().unpauseContainerCmd(id()).exec();
		}
	}

	/** {@code true} while the container runs, paused or not (as a SIGSTOPped process is still running). */
	@Override
	public boolean isRunning() {
		InspectContainerResponse.ContainerState state = state();
		return state != null && Boolean.TRUE.equals(state.getRunning());
	}

	private boolean isPaused() {
		InspectContainerResponse.ContainerState state = state();
		return state != null && Boolean.TRUE.equals(state.getPaused());
	}

	private InspectContainerResponse.ContainerState state() {
		if (!this.created) {
			return null;
		}
		return docker().inspectContainerCmd(id()).exec().getState();
	}

	/**
	 * Always {@code -1}: the server is a process in the container's PID namespace (inside a VM with Docker
	 * Desktop); no host PID would mean anything. Use {@link #kill()}, {@link #pause()} and {@link #stop()}.
	 */
	@Override
	public long pid() {
		return -1;
	}

	/** {@code <dataDir>/<name>.log}, refreshed from {@code docker logs} (all runs of the container) on each call. */
	@Override
	public Path logFile() {
		Path file = this.stackDir.resolve(this.name + ".log");
		if (this.created) {
			try {
				Files.writeString(file, this.container.getLogs(), StandardCharsets.UTF_8);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			catch (RuntimeException ex) {
				// the container is gone (removed by dispose or Ryuk): keep what was written last
			}
		}
		return file;
	}

	/** Removes the container and its anonymous volumes (the data is gone); for the end of the test JVM. */
	void dispose() {
		this.container.stop();
	}

	NodeStartException failure(String message, Throwable cause) {
		return new NodeStartException(describe() + ": " + message + tail(), cause);
	}

	private String describe() {
		return this.name + " (container " + this.image + ", 127.0.0.1:"
				+ this.ports.stream().map(String::valueOf).collect(Collectors.joining(",")) + ")";
	}

	private String tail() {
		try {
			List<String> lines = Arrays.asList(this.container.getLogs().split("\n"));
			List<String> last = lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size());
			return "\n--- last lines of docker logs " + this.container.getContainerId() + " ---\n"
					+ String.join("\n", last);
		}
		catch (RuntimeException ex) {
			return "";
		}
	}

	private DockerClient docker() {
		return this.container.getDockerClient();
	}

	private String id() {
		return this.container.getContainerId();
	}

	/** Publishes each port on the host's 127.0.0.1 under the same number, replacing Testcontainers' random ones. */
	private static void publish(CreateContainerCmd cmd, List<Integer> ports) {
		List<ExposedPort> exposed = ports.stream().map(ExposedPort::tcp).collect(Collectors.toList());
		List<PortBinding> bindings = ports.stream()
			.map(port -> new PortBinding(Ports.Binding.bindIpAndPort("127.0.0.1", port), ExposedPort.tcp(port)))
			.collect(Collectors.toList());
		HostConfig hostConfig = cmd.getHostConfig() == null ? HostConfig.newHostConfig() : cmd.getHostConfig();
		cmd.withExposedPorts(exposed).withHostConfig(hostConfig.withPortBindings(bindings));
	}

	/** No wait inside {@code GenericContainer#start()}: {@link #awaitReady} probes from this JVM, after every start. */
	private static final class ProbeDecides extends AbstractWaitStrategy {

		@Override
		protected void waitUntilReady() {
		}

	}

}
