package io.payonce.infra;

import java.nio.file.Path;

/** One server process of the local stack, controlled by PID so that tests can inject faults. */
public interface ManagedNode {

	/** Starts the process (keeping its data) and returns once it answers a real request. */
	void start();

	/** SIGTERM, wait for a clean exit, then SIGKILL. Does nothing if not running. */
	void stop();

	/** SIGKILL: a crash, no clean shutdown. */
	void kill();

	/** SIGSTOP: the process keeps its sockets but answers nothing (a hung server). */
	void pause();

	/** SIGCONT after {@link #pause()}. */
	void resume();

	boolean isRunning();

	/** PID of the running process, or -1 if it was never started. */
	long pid();

	Path logFile();

}
