package io.payonce.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * Summarises a JFR recording of a service (started with {@code -XX:StartFlightRecording}, dumped with
 * {@code jcmd <pid> JFR.dump}) over one time window: where its running threads were sampled
 * ({@code jdk.ExecutionSample}, the same data as {@code jfr print --events jdk.ExecutionSample}).
 */
final class Profiles {

	/** Samples in the window, the top frames and the top packages (by the sampled frame's package). */
	record Summary(String service, long samples, Map<String, Double> topMethods, Map<String, Double> topPackages,
			Map<String, Double> topPayonceFrames, Map<String, Double> waitMillis) {

	}

	private Profiles() {
	}

	/**
	 * @param workerThreads the threads whose waits count (e.g. {@code -C-} for the listener containers,
	 * {@code http-nio} for Tomcat's workers)
	 * @param ports remote port → what listens there, to name socket reads
	 */
	static Summary summarise(String service, Path recording, Instant from, Instant to, int top, String workerThreads,
			Map<Integer, String> ports) throws IOException {
		Map<String, Double> waits = new java.util.TreeMap<>();
		Map<String, Long> methods = new HashMap<>();
		Map<String, Long> packages = new HashMap<>();
		Map<String, Long> own = new HashMap<>();
		long samples = 0;
		if (!Files.isRegularFile(recording)) {
			return new Summary(service, 0, Map.of(), Map.of(), Map.of(), Map.of());
		}
		try (RecordingFile file = new RecordingFile(recording)) {
			while (file.hasMoreEvents()) {
				RecordedEvent event = file.readEvent();
				String name = event.getEventType().getName();
				Instant at = event.getStartTime();
				if (at.isBefore(from) || at.isAfter(to)) {
					continue;
				}
				if ("jdk.SocketRead".equals(name) || "jdk.SocketWrite".equals(name) || "jdk.ThreadPark".equals(name)) {
					jdk.jfr.consumer.RecordedThread thread = event.getThread("eventThread");
					String threadName = (thread != null && thread.getJavaName() != null) ? thread.getJavaName() : "";
					if (threadName.contains(workerThreads)) {
						String key = "jdk.ThreadPark".equals(name) ? "parked (futures, locks, pools)"
								: name.substring(4) + " " + ports.getOrDefault(event.getInt("port"),
										"other peers (HTTP clients)");
						waits.merge(key, event.getDuration().toNanos() / 1e6, Double::sum);
					}
					continue;
				}
				if (!"jdk.ExecutionSample".equals(name)) {
					continue;
				}
				RecordedStackTrace stack = event.getStackTrace();
				if (stack == null || stack.getFrames().isEmpty()) {
					continue;
				}
				samples++;
				RecordedFrame frame = stack.getFrames().get(0);
				String type = frame.getMethod().getType().getName();
				methods.merge(shortName(type) + "." + frame.getMethod().getName(), 1L, Long::sum);
				packages.merge(packageOf(type), 1L, Long::sum);
				for (RecordedFrame f : stack.getFrames()) {
					String t = f.getMethod().getType().getName();
					if (t.startsWith("io.payonce.")) {
						own.merge(shortName(t) + "." + f.getMethod().getName(), 1L, Long::sum);
						break;
					}
				}
			}
		}
		return new Summary(service, samples, top(methods, samples, top), top(packages, samples, top),
				top(own, samples, top), waits);
	}

	private static String shortName(String type) {
		return type.substring(type.lastIndexOf('.') + 1);
	}

	/** The first three package segments: {@code org.mariadb.jdbc}, {@code org.apache.kafka}, {@code java.util.zip}. */
	private static String packageOf(String type) {
		String[] parts = type.split("\\.");
		int n = Math.min(3, parts.length - 1);
		return String.join(".", java.util.Arrays.copyOf(parts, Math.max(1, n)));
	}

	private static Map<String, Double> top(Map<String, Long> counts, long total, int n) {
		List<Map.Entry<String, Long>> entries = new ArrayList<>(counts.entrySet());
		entries.sort(Map.Entry.<String, Long>comparingByValue().reversed());
		Map<String, Double> top = new LinkedHashMap<>();
		for (Map.Entry<String, Long> e : entries.subList(0, Math.min(n, entries.size()))) {
			top.put(e.getKey(), 100.0 * e.getValue() / Math.max(1, total));
		}
		return top;
	}

}
