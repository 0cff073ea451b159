package io.payonce.infra;

import java.nio.file.Path;
import java.util.Optional;

/** One server process of the local stack, controlled by PID so that tests can inject faults. */
public interface ManagedNode {

	/** Starts the process (keeping its data) and returns once it answers a real request. */
	void start();

	/** SIGTERM, wait for a clean exit, then SIGKILL. Does nothing if not running. */
	void stop();

	/**
	 * SIGKILL: a crash, no clean shutdown. Returns once the process has exited ({@link #lastExit()} tells how).
	 * @throws IllegalStateException if nothing was running, or the process did not exit
	 */
	void kill();

	/** SIGSTOP: the process keeps its sockets but answers nothing (a hung server). */
	void pause();

	/** SIGCONT after {@link #pause()}. */
	void resume();

	boolean isRunning();

	/** PID of the running process, or -1 if it was never started. */
	long pid();

	/** How the last process of this node ended, once one has: a fault test's proof that its victim died. */
	Optional<Exit> lastExit();

	/**
	 * The end of one process.
	 * @param pid its PID (-1 where no host PID means anything, e.g. in a container)
	 * @param status its exit status; 128 + n for a process ended by signal n (137 for SIGKILL)
	 */
	record Exit(long pid, int status) {

		public static final int SIGKILL = 128 + 9;

		public boolean killed() {
			return this.status == SIGKILL;
		}

	}

	Path logFile();

}
