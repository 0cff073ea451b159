package io.payonce.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A server process of the local stack: {@code <dataDir>/<name>/} for its data, {@code <dataDir>/<name>.log} for
 * its output, {@code <dataDir>/<name>.pid} for its PID.
 *
 * <p>
 * Processes are started in their own session ({@code setsid}) so that they outlive the JVM that launched them
 * ({@code ./payonce up} returns while the stack keeps running) and do not get the terminal's SIGINT. Whoever
 * needs them gone stops them by PID: {@link LocalStack#close()}, the shutdown hook of {@link LocalStack#shared()},
 * or {@code ./payonce down}.
 */
abstract class ProcessNode implements ManagedNode {

	private static final Duration POLL_INTERVAL = Duration.ofMillis(200);

	private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

	private static final int LOG_TAIL_LINES = 40;

	private final String name;

	private final Path stackDir;

	private volatile ProcessHandle process;

	/** The launched process itself (not just a handle): the only way to learn its exit status. */
	private volatile Process launched;

	private volatile long lastPid = -1;

	private volatile Exit lastExit;

	ProcessNode(String name, Path stackDir) {
		this.name = name;
		this.stackDir = stackDir;
	}

	/** The full command line of the server process. */
	abstract List<String> command();

	/** Every port the process binds; all must be free before it starts. */
	abstract List<Integer> ports();

	/** One real request (not just a TCP connect); {@code true} once the server answers it. */
	abstract boolean probe() throws Exception;

	/** Runs before the launch, e.g. initialising the data folder on first start. */
	void prepare() {
	}

	/** Runs once the server is ready, e.g. creating schemas or topics. */
	void afterReady() {
	}

	abstract Duration startTimeout();

	/** Environment variables added to this JVM's own for the process. */
	Map<String, String> environment() {
		return Map.of();
	}

	final String name() {
		return this.name;
	}

	final Path nodeDir() {
		return this.stackDir.resolve(this.name);
	}

	@Override
	public final Path logFile() {
		return this.stackDir.resolve(this.name + ".log");
	}

	final Path pidFile() {
		return this.stackDir.resolve(this.name + ".pid");
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

	/** Checks the ports, prepares and launches the process without waiting for it to be ready. */
	final synchronized void launch() {
		for (int port : ports()) {
			LocalStackConfig.Ports.requireFree(this.name, port);
		}
		try {
			Files.createDirectories(nodeDir());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		prepare();
		launchProcess();
	}

	private void launchProcess() {
		List<String> command = new ArrayList<>();
		if (Files.isExecutable(Path.of("/usr/bin/setsid"))) {
			// Not a process group leader (the JVM is), so setsid execs in place and the PID stays the server's.
			command.add("/usr/bin/setsid");
		}
		command.addAll(command());
		ProcessBuilder builder = new ProcessBuilder(command).directory(nodeDir().toFile())
			.redirectErrorStream(true)
			.redirectOutput(ProcessBuilder.Redirect.appendTo(logFile().toFile()))
			.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
		builder.environment().putAll(environment());
		try {
			appendToLog("---- " + java.time.Instant.now() + " starting " + this.name + ": " + String.join(" ", command));
			Process started = builder.start();
			this.launched = started;
			this.process = started.toHandle();
			this.lastPid = started.pid();
			Files.writeString(pidFile(), started.pid() + "\n", StandardCharsets.US_ASCII);
		}
		catch (IOException ex) {
			throw new NodeStartException(this.name + ": could not launch " + command.get(0) + ": " + ex.getMessage(), ex);
		}
	}

	/** Polls {@link #probe()} until it answers, the process dies (fails at once) or the timeout passes (kills). */
	final void awaitReady(Duration timeout) {
		long deadline = System.nanoTime() + timeout.toNanos();
		Exception lastProbeFailure = null;
		while (System.nanoTime() < deadline) {
			if (!this.process.isAlive()) {
				throw failure("exited during start-up", lastProbeFailure);
			}
			try {
				if (probe()) {
					return;
				}
			}
			catch (Exception ex) {
				lastProbeFailure = ex;
			}
			pauseBriefly();
		}
		killIfRunning();
		throw failure("was not ready within " + timeout.toSeconds() + " s (killed)", lastProbeFailure);
	}

	/** A start failure naming the node, its ports and the end of its log. */
	final NodeStartException failure(String what, Exception cause) {
		String message = this.name + " on 127.0.0.1:" + ports() + " " + what
				+ (cause != null ? " (last probe: " + cause + ")" : "") + "; last lines of " + logFile() + ":\n"
				+ logTail();
		return new NodeStartException(message, cause);
	}

	final String logTail() {
		try {
			List<String> lines = Files.readAllLines(logFile(), StandardCharsets.UTF_8);
			return String.join("\n", lines.subList(Math.max(0, lines.size() - LOG_TAIL_LINES), lines.size()));
		}
		catch (IOException | UncheckedIOException ex) {
			return "(log not readable: " + ex.getMessage() + ")";
		}
	}

	final void appendToLog(String line) throws IOException {
		Files.writeString(logFile(), line + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE,
				java.nio.file.StandardOpenOption.APPEND);
	}

	/** Runs a short-lived helper command (e.g. storage format) to completion, its output into the node log. */
	final void runToCompletion(List<String> command, Duration timeout) {
		try {
			appendToLog("---- " + java.time.Instant.now() + " running: " + String.join(" ", command));
			Process helper = new ProcessBuilder(command).directory(nodeDir().toFile())
				.redirectErrorStream(true)
				.redirectOutput(ProcessBuilder.Redirect.appendTo(logFile().toFile()))
				.redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
				.start();
			if (!helper.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
				helper.destroyForcibly();
				throw failure(command.get(0) + " did not finish within " + timeout.toSeconds() + " s", null);
			}
			if (helper.exitValue() != 0) {
				throw failure(command.get(0) + " failed with exit code " + helper.exitValue(), null);
			}
		}
		catch (IOException ex) {
			throw new NodeStartException(this.name + ": could not run " + command.get(0) + ": " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new NodeStartException(this.name + ": interrupted while running " + command.get(0), ex);
		}
	}

	@Override
	public synchronized void stop() {
		ProcessHandle handle = this.process;
		if (handle == null || !handle.isAlive()) {
			forgetPidFile();
			return;
		}
		// A paused process would hold SIGTERM until continued.
		signal("CONT");
		handle.destroy();
		if (!awaitExit(handle, STOP_TIMEOUT)) {
			handle.destroyForcibly();
			awaitExit(handle, STOP_TIMEOUT);
		}
		recordExit(handle);
		forgetPidFile();
	}

	/**
	 * SIGKILL, then waits for the exit and records it. A kill that finds nothing running, or after which the
	 * process is still alive, throws: a fault test must not go on as if it had crashed something.
	 */
	@Override
	public synchronized void kill() {
		ProcessHandle handle = this.process;
		if (handle == null || !handle.isAlive()) {
			throw new IllegalStateException(this.name + ": kill -9 found no running process (last PID " + this.lastPid
					+ ", " + lastExit().map(Exit::toString).orElse("never ended") + ")");
		}
		handle.destroyForcibly();
		if (!awaitExit(handle, STOP_TIMEOUT)) {
			throw new IllegalStateException(this.name + ": PID " + handle.pid() + " still alive "
					+ STOP_TIMEOUT.toSeconds() + " s after kill -9");
		}
		recordExit(handle);
		forgetPidFile();
	}

	/** For start-up failures: kills what may still run, without the checks of {@link #kill()}. */
	private void killIfRunning() {
		ProcessHandle handle = this.process;
		if (handle != null && handle.isAlive()) {
			handle.destroyForcibly();
			awaitExit(handle, STOP_TIMEOUT);
			recordExit(handle);
			forgetPidFile();
		}
	}

	/** The exit status of the launched process, if {@code handle} is it and it has ended. */
	private void recordExit(ProcessHandle handle) {
		Process started = this.launched;
		if (started != null && started.pid() == handle.pid() && !started.isAlive()) {
			this.lastExit = new Exit(handle.pid(), started.exitValue());
		}
	}

	@Override
	public Optional<Exit> lastExit() {
		Process started = this.launched;
		if (started != null && !started.isAlive()
				&& (this.lastExit == null || this.lastExit.pid() != started.pid())) {
			// ended by itself (a crash) or by someone else's signal
			this.lastExit = new Exit(started.pid(), started.exitValue());
		}
		return Optional.ofNullable(this.lastExit);
	}

	@Override
	public void pause() {
		requireRunning();
		signal("STOP");
	}

	@Override
	public void resume() {
		requireRunning();
		signal("CONT");
	}

	@Override
	public boolean isRunning() {
		ProcessHandle handle = this.process;
		return handle != null && handle.isAlive();
	}

	@Override
	public long pid() {
		return this.lastPid;
	}

	private void requireRunning() {
		if (!isRunning()) {
			throw new IllegalStateException(this.name + " is not running");
		}
	}

	/** Java has no API for SIGSTOP/SIGCONT, so use kill(1). */
	private void signal(String signal) {
		ProcessHandle handle = this.process;
		if (handle == null || !handle.isAlive()) {
			return;
		}
		try {
			Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(handle.pid())).redirectErrorStream(true)
				.start();
			if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
				throw new IllegalStateException("kill -" + signal + " " + handle.pid() + " failed");
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while signalling " + this.name, ex);
		}
	}

	/**
	 * Stops a process recorded in {@code <dir>/<name>.pid} by another JVM ({@code ./payonce down}): SIGCONT,
	 * SIGTERM, wait, SIGKILL. The PID is only trusted if the process' command line still contains
	 * {@code commandHint}, so a recycled PID is never killed.
	 * @return the PID that was stopped, or -1 if none was running
	 */
	static long stopRecorded(Path dir, String name, String commandHint) {
		Path pidFile = dir.resolve(name + ".pid");
		Optional<ProcessHandle> handle = recorded(pidFile, commandHint);
		if (handle.isEmpty()) {
			try {
				Files.deleteIfExists(pidFile);
			}
			catch (IOException ex) {
				throw new UncheckedIOException(ex);
			}
			return -1;
		}
		ProcessHandle process = handle.get();
		try {
			new ProcessBuilder("kill", "-CONT", Long.toString(process.pid())).start().waitFor(10, TimeUnit.SECONDS);
		}
		catch (IOException ex) {
			// SIGCONT only matters for a paused process; SIGTERM/SIGKILL below still apply
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		process.destroy();
		if (!awaitExit(process, STOP_TIMEOUT)) {
			process.destroyForcibly();
			awaitExit(process, STOP_TIMEOUT);
		}
		try {
			Files.deleteIfExists(pidFile);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		return process.pid();
	}

	/** The live process recorded in a PID file, if its command line still contains {@code commandHint}. */
	static Optional<ProcessHandle> recorded(Path pidFile, String commandHint) {
		if (!Files.exists(pidFile)) {
			return Optional.empty();
		}
		long pid;
		try {
			pid = Long.parseLong(Files.readString(pidFile, StandardCharsets.US_ASCII).trim());
		}
		catch (IOException | NumberFormatException ex) {
			return Optional.empty();
		}
		return ProcessHandle.of(pid)
			.filter(ProcessHandle::isAlive)
			.filter(process -> process.info().commandLine().orElse("").contains(commandHint));
	}

	static boolean awaitExit(ProcessHandle handle, Duration timeout) {
		try {
			handle.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
			return true;
		}
		catch (TimeoutException ex) {
			return false;
		}
		catch (ExecutionException ex) {
			return !handle.isAlive();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return !handle.isAlive();
		}
	}

	private void forgetPidFile() {
		try {
			Files.deleteIfExists(pidFile());
		}
		catch (IOException ex) {
			// a stale PID file is harmless: readers check that the process is alive
		}
	}

	static void pauseBriefly() {
		try {
			Thread.sleep(POLL_INTERVAL.toMillis());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new NodeStartException("interrupted while waiting for a node to start", ex);
		}
	}

	/** The java executable of this JVM, for the broker's JVM. */
	static String javaExecutable() {
		Optional<String> command = ProcessHandle.current().info().command();
		return command.orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
	}

}
