package io.payonce.bench;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongToDoubleFunction;

/** What the operating system measures: load average and CPU time of a process (Linux /proc). */
final class Sys {

	/** USER_HZ: /proc reports CPU time in clock ticks of 1/100 s on every Linux we run on. */
	private static final double TICKS_PER_SECOND = 100.0;

	private Sys() {
	}

	/** The 1-, 5- and 15-minute load averages as /proc/loadavg prints them. */
	static String loadAverage() {
		try {
			String[] parts = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
			return parts[0] + " " + parts[1] + " " + parts[2];
		}
		catch (IOException ex) {
			return "unknown";
		}
	}

	static double loadAverage1() {
		try {
			return Double.parseDouble(loadAverage().split(" ")[0]);
		}
		catch (NumberFormatException ex) {
			return Double.NaN;
		}
	}

	/** User + system CPU seconds a process has used so far, or NaN if it is gone. */
	static double cpuSeconds(long pid) {
		try {
			String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
			// the command name (field 2) may contain spaces: count fields after its closing parenthesis
			String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
			long utime = Long.parseLong(fields[11]);
			long stime = Long.parseLong(fields[12]);
			return (utime + stime) / TICKS_PER_SECOND;
		}
		catch (IOException | RuntimeException ex) {
			return Double.NaN;
		}
	}

	/**
	 * On-CPU seconds so far of a JVM's JIT compiler threads (group {@code jit} of {@link #threadCpuNanos}). A compiler
	 * thread that ends between two readings takes its time with it (HotSpot starts and stops them with the queue), so
	 * a difference of two readings is a lower bound of the compilation in between; 0 for a process that is not a JVM.
	 */
	static double compilerCpuSeconds(long pid) {
		return threadCpuNanos(pid).getOrDefault("jit", 0L) / 1e9;
	}

	/** JIT compiler-thread CPU seconds of each named process, read now ({@link #compilerCpuSeconds}). */
	static Map<String, Double> compilerCpuSnapshot(Map<String, Long> pids) {
		return snapshot(pids, Sys::compilerCpuSeconds);
	}

	/**
	 * On-CPU nanoseconds of the process's threads now, summed by group ({@code /proc/<pid>/task/<tid>/schedstat}, first
	 * field; the name from {@code comm}, cut to 15 characters by the kernel): where the gateway's CPU goes, the request
	 * path's threads apart from the JIT, the collector and the background senders. A thread that ends between two
	 * readings takes its time with it (Tomcat's workers live on between rounds).
	 */
	static Map<String, Long> threadCpuNanos(long pid) {
		Map<String, Long> byGroup = new TreeMap<>();
		try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/" + pid + "/task"))) {
			for (Path task : tasks) {
				try {
					String comm = Files.readString(task.resolve("comm")).strip();
					String schedstat = Files.readString(task.resolve("schedstat"));
					long nanos = Long.parseLong(schedstat.substring(0, schedstat.indexOf(' ')));
					byGroup.merge(threadGroup(comm), nanos, Long::sum);
				}
				catch (IOException | RuntimeException ex) {
					// the thread ended while being read
				}
			}
		}
		catch (IOException ex) {
			// the process ended
		}
		return byGroup;
	}

	static String threadGroup(String comm) {
		if (comm.startsWith("http-nio-")) {
			return "tomcat";
		}
		if (comm.startsWith("C1 Compiler") || comm.startsWith("C2 Compiler")) {
			return "jit";
		}
		if (comm.equals("VM Thread") || comm.startsWith("GC Thread")) {
			return "vm+gc";
		}
		if (comm.startsWith("group-commit-")) {
			return "group-commit";
		}
		if (comm.startsWith("kafka-producer") || comm.startsWith("payonce-timelin")) {
			return "timeline";
		}
		return "other";
	}

	/** CPU seconds of each named process, read now. */
	static Map<String, Double> cpuSnapshot(Map<String, Long> pids) {
		return snapshot(pids, Sys::cpuSeconds);
	}

	/** {@code reader} applied to each named process's pid, in the order of {@code pids}. */
	private static Map<String, Double> snapshot(Map<String, Long> pids, LongToDoubleFunction reader) {
		Map<String, Double> snapshot = new LinkedHashMap<>();
		pids.forEach((name, pid) -> snapshot.put(name, reader.applyAsDouble(pid)));
		return snapshot;
	}

	static Map<String, Double> delta(Map<String, Double> before, Map<String, Double> after) {
		Map<String, Double> delta = new LinkedHashMap<>();
		before.forEach((name, value) -> delta.put(name, after.getOrDefault(name, Double.NaN) - value));
		return delta;
	}

	/** Runs a short command (jcmd), returns its output; never throws. */
	static String run(List<String> command, long timeoutSeconds) {
		try {
			Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
			byte[] out = process.getInputStream().readAllBytes();
			if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
				process.destroyForcibly();
			}
			return new String(out);
		}
		catch (IOException ex) {
			return "failed: " + ex.getMessage();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "interrupted";
		}
	}

	static String jcmd() {
		return Path.of(System.getProperty("java.home"), "bin", "jcmd").toString();
	}

}
