package io.payonce.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

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

	/** CPU seconds of each named process, read now. */
	static Map<String, Double> cpuSnapshot(Map<String, Long> pids) {
		Map<String, Double> snapshot = new LinkedHashMap<>();
		pids.forEach((name, pid) -> snapshot.put(name, cpuSeconds(pid)));
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
