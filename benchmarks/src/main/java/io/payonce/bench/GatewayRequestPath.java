package io.payonce.bench;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.payonce.infra.LocalStack;
import io.payonce.infra.LocalStackConfig;
import io.payonce.infra.ServiceProcess;
import io.payonce.platform.callback.PayCallback;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * The gateway's request path alone (issue 19, "a leaner request path"): a fresh local stack, the gateway as a
 * process with JFR on and the benchmark's JVM options, a warm-up, then rounds of new signed callbacks from 16
 * closed-loop senders. Reported per round: the gateway's CPU (user + system from {@code /proc/<pid>/stat}) per
 * accepted callback and its Tomcat threads' share, over all rounds the CPU per callback by thread group (Tomcat, JIT,
 * VM + GC, group commit, timeline, other: the request path apart from the process's background work, which moves
 * more from round to round than a change of the request path does), and over all rounds the JFR profile of its Tomcat workers: the share of samples with no
 * PayOnce frame but the MDC filter (the framework around the handler), inclusive shares of the frames on the way,
 * the top frames and the allocation by allocating frame. CPU time, not throughput, is the number to compare on a
 * shared machine. Run (under the heavy lock):
 *
 * <pre>
 * ./mvnw -q -o install -DskipTests -DskipITs
 * ./mvnw -o -Pbenchmark -pl benchmarks -am -DskipTests -DskipITs verify -Dbench.main=io.payonce.bench.GatewayRequestPath
 * </pre>
 *
 * The environment variables {@code BENCH_GATEWAY_WARMUP} (default 40,000), {@code BENCH_GATEWAY_CALLBACKS} (per round,
 * 6,000) and {@code BENCH_GATEWAY_ROUNDS} (4) change the sizes; the warm-up is long because the JIT's compiler threads
 * are part of the process's CPU time and keep compiling for tens of thousands of requests on a busy machine.
 * {@code BENCH_GATEWAY_JARS=before=/tmp/a.jar,after=/tmp/b.jar} runs several builds side by side
 * (each its own process, warmed up alike, their rounds interleaved). Output:
 * {@code target/benchmark/<start>-gateway/output.txt} and one {@code <name>.jfr} per build.
 */
public final class GatewayRequestPath {

	private static final String GATEWAY = "producer-gateway";

	private static final int SENDERS = 16;

	/**
	 * The handler: a sample with a frame of it is the callback's own work (signature, JSON, validation, the intake's
	 * transaction, the answer); one without ran in Tomcat, the servlet filters, Spring Security or Spring MVC around it.
	 */
	private static final String HANDLER = "io.payonce.gateway.callback.web.CallbackController";
	private GatewayRequestPath() {
	}

	public static void main(String[] args) throws Exception {
		String analyse = System.getProperty("bench.gateway.analyse");
		if (analyse != null) {
			// a recording of an earlier run: its rounds (bench.gateway.from/to, printed by the run) or all of it
			StringBuilder report = new StringBuilder();
			profile(report, Path.of(analyse), Instant.parse(setting("bench.gateway.from", Instant.EPOCH.toString())),
					Instant.parse(setting("bench.gateway.to", Instant.now().toString())));
			return;
		}
		int warmUp = Integer.parseInt(setting("bench.gateway.warmup", "40000"));
		int perRound = Integer.parseInt(setting("bench.gateway.callbacks", "6000"));
		int rounds = Integer.parseInt(setting("bench.gateway.rounds", "4"));
		Path target = Path.of(System.getProperty("bench.out", "target")).toAbsolutePath();
		String stamp = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString().replace(":", "");
		Path out = target.resolve("benchmark").resolve(stamp + "-gateway");
		Files.createDirectories(out);
		StringBuilder report = new StringBuilder();
		Path repo = Path.of(System.getProperty("payonce.repo", "..")).toAbsolutePath().normalize();
		Map<String, Path> jars = jars(setting("bench.gateway.jars", ""), repo);
		Path stackDir = out.getParent().resolve("stack-gateway");
		deleteRecursively(stackDir);
		line(report, "gateway request path, " + Instant.now() + ", " + jars + ", load average " + Sys.loadAverage()
				+ " (" + Runtime.getRuntime().availableProcessors() + " CPUs)");
		Map<String, ServiceProcess> gateways = new LinkedHashMap<>();
		int status = 0;
		try (LocalStack stack = LocalStack.start(LocalStackConfig.freePorts(stackDir))) {
			new Db(stack.mariaDb()).makeDurable();
			Path serviceDir = stackDir.resolve("services");
			Files.createDirectories(serviceDir);
			List<String> jvm = List.of("-Xms256m", "-Xmx512m", "-XX:+UseSerialGC",
					"-XX:FlightRecorderOptions:stackdepth=256", "-XX:StartFlightRecording=name=bench,settings=profile");
			// one at a time: two gateways migrating the same schema at once would race on Flyway's history table
			for (Map.Entry<String, Path> jar : jars.entrySet()) {
				// its own environment: each gets a free lookup port
				ServiceProcess gateway = ServiceProcess.launch(GATEWAY + "-" + jar.getKey(), jar.getValue(),
						ServiceProcess.freePort(), stack.serviceEnvironment(GATEWAY), serviceDir, jvm);
				gateways.put(jar.getKey(), gateway);
				gateway.awaitHealthy(Duration.ofMinutes(4));
			}
			String run = Long.toString(System.currentTimeMillis(), 36).toUpperCase(Locale.ROOT);
			Map<String, CallbackLoad> loads = new LinkedHashMap<>();
			for (Map.Entry<String, ServiceProcess> gateway : gateways.entrySet()) {
				CallbackLoad load = new CallbackLoad(gateway.getValue().baseUrl());
				loads.put(gateway.getKey(), load);
				CallbackLoad.Result warm = load.closedLoop(load.prepare(callbacks(run + gateway.getKey() + "W", warmUp)), SENDERS,
						180);
				line(report, String.format(Locale.ROOT, "%s warm-up: %d accepted, %d failed, %.0f/s",
						gateway.getKey(), warm.acceptedAt().size(), warm.failed(), warm.acceptedPerSecond()));
			}
			// the variants' rounds interleaved, so that a change of the machine's load hits both alike
			Map<String, double[]> totals = new LinkedHashMap<>();
			// on-CPU nanoseconds by thread group over all rounds, per build
			Map<String, Map<String, Long>> groupTotals = new LinkedHashMap<>();
			Instant from = Instant.now();
			for (int r = 1; r <= rounds; r++) {
				for (Map.Entry<String, ServiceProcess> gateway : gateways.entrySet()) {
					String name = gateway.getKey();
					long pid = gateway.getValue().pid();
					// signed before the gateway's CPU is read: the load generator's work is not the gateway's
					List<CallbackLoad.Prepared> round = loads.get(name).prepare(callbacks(run + name + "R" + r, perRound));
					String load1 = Sys.loadAverage();
					Map<String, Long> threads0 = Sys.threadCpuNanos(pid);
					double cpu0 = Sys.cpuSeconds(pid);
					CallbackLoad.Result result = loads.get(name).closedLoop(round, SENDERS, 120);
					double cpu = Sys.cpuSeconds(pid) - cpu0;
					Map<String, Long> threads1 = Sys.threadCpuNanos(pid);
					long accepted = result.acceptedAt().size();
					if (result.failed() > 0 || accepted != perRound) {
						throw new IllegalStateException(name + " round " + r + ": " + accepted + " of " + perRound
								+ " accepted, " + result.failed() + " failed");
					}
					double[] total = totals.computeIfAbsent(name, (k) -> new double[2]);
					total[0] += cpu;
					total[1] += accepted;
					Map<String, Long> byGroup = groupTotals.computeIfAbsent(name, (k) -> new LinkedHashMap<>());
					threads1.forEach((group, nanos) -> byGroup.merge(group, nanos - threads0.getOrDefault(group, 0L),
							Long::sum));
					line(report, String.format(Locale.ROOT,
							"%s round %d: %d accepted in %.1f s (%.0f/s), gateway CPU %.2f s = %.3f CPU-ms per"
									+ " callback (Tomcat's threads %.3f), load average before %s",
							name, r, accepted, result.seconds(), result.acceptedPerSecond(), cpu, 1000 * cpu / accepted,
							(threads1.getOrDefault("tomcat", 0L) - threads0.getOrDefault("tomcat", 0L)) / 1e6 / accepted,
							load1));
				}
			}
			Instant to = Instant.now();
			line(report, "rounds from " + from + " to " + to + " (the profiles' window)");
			totals.forEach((name, total) -> line(report, String.format(Locale.ROOT,
					"%s all rounds: %.3f CPU-ms per callback (%.0f callbacks)", name, 1000 * total[0] / total[1],
					total[1])));
			groupTotals.forEach((name, byGroup) -> {
				double callbacks = totals.get(name)[1];
				StringBuilder groups = new StringBuilder();
				byGroup.forEach((group, nanos) -> groups.append(String.format(Locale.ROOT, ", %s %.3f", group,
						nanos / 1e6 / callbacks)));
				line(report, name + " all rounds, CPU-ms per callback by thread group (/proc/<pid>/task/*/schedstat)"
						+ groups);
			});
			for (Map.Entry<String, ServiceProcess> gateway : gateways.entrySet()) {
				Path recording = out.resolve(gateway.getKey() + ".jfr");
				Sys.run(List.of(Sys.jcmd(), Long.toString(gateway.getValue().pid()), "JFR.dump", "name=bench",
						"filename=" + recording), 60);
				line(report, "== profile of " + gateway.getKey() + " over the rounds");
				profile(report, recording, from, to);
			}
		}
		catch (Exception ex) {
			line(report, "FAILED: " + ex);
			ex.printStackTrace();
			status = 1;
		}
		finally {
			for (ServiceProcess gateway : gateways.values()) {
				if (gateway.isRunning()) {
					gateway.stop();
				}
			}
			line(report, "load average at end: " + Sys.loadAverage());
			Files.writeString(out.resolve("output.txt"), report);
			System.out.println("output: " + out);
		}
		System.exit(status);
	}

	/**
	 * A system property, else the environment variable of the same name in upper case with underscores
	 * ({@code BENCH_GATEWAY_JARS}): the benchmark profile forks this JVM with its own arguments only.
	 */
	private static String setting(String name, String otherwise) {
		String value = System.getProperty(name);
		if (value == null) {
			value = System.getenv(name.toUpperCase(Locale.ROOT).replace('.', '_'));
		}
		return (value == null || value.isBlank()) ? otherwise : value;
	}

	/** {@code name=jar,name=jar} (e.g. the exec jar before and after a change), or the module's own exec jar. */
	private static Map<String, Path> jars(String spec, Path repo) {
		Map<String, Path> jars = new LinkedHashMap<>();
		if (spec == null || spec.isBlank()) {
			jars.put("gateway", ServiceProcess.execJar(repo, GATEWAY)
				.orElseThrow(() -> new IllegalStateException("No exec jar of the gateway; ./mvnw -q -o install")));
			return jars;
		}
		for (String entry : spec.split(",")) {
			String[] parts = entry.split("=", 2);
			jars.put(parts[0].trim(), Path.of(parts[1].trim()).toAbsolutePath());
		}
		return jars;
	}

	private static List<PayCallback> callbacks(String prefix, int count) {
		List<PayCallback> callbacks = new ArrayList<>(count);
		Instant paidAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		for (int i = 0; i < count; i++) {
			// a separator: without it round 1's callback 10 and round 11's callback 0 were the same payment
			callbacks.add(PayCallback.success("PN" + prefix + "-" + i, "P" + prefix + "-" + i, 1_000_000L + i,
					new BigDecimal("19.90"), paidAt));
		}
		return callbacks;
	}

	/**
	 * The Tomcat workers' samples in the window: framework-only share, inclusive shares of the non-JDK frames on the
	 * stacks (each counted once per sample), the top frames, and allocation weight by the first non-JDK frame.
	 */
	private static void profile(StringBuilder report, Path recording, Instant from, Instant to) throws IOException {
		long samples = 0;
		long frameworkOnly = 0;
		Map<String, Long> inclusive = new HashMap<>();
		Map<String, Long> frameworkInclusive = new HashMap<>();
		long truncated = 0;
		Map<String, Long> top = new HashMap<>();
		Map<String, Long> innermostPayonce = new HashMap<>();
		Map<String, Double> allocation = new HashMap<>();
		Map<String, Double> allocationByType = new HashMap<>();
		double allocated = 0;
		try (RecordingFile file = new RecordingFile(recording)) {
			while (file.hasMoreEvents()) {
				RecordedEvent event = file.readEvent();
				Instant at = event.getStartTime();
				if (at.isBefore(from) || at.isAfter(to) || !worker(event)) {
					continue;
				}
				String name = event.getEventType().getName();
				RecordedStackTrace stack = event.getStackTrace();
				if (stack == null || stack.getFrames().isEmpty()) {
					continue;
				}
				if ("jdk.ObjectAllocationSample".equals(name)) {
					double weight = event.getLong("weight");
					allocated += weight;
					allocation.merge(firstOwnFrame(stack), weight, Double::sum);
					allocationByType.merge(event.getClass("objectClass").getName(), weight, Double::sum);
					continue;
				}
				if (!"jdk.ExecutionSample".equals(name)) {
					continue;
				}
				samples++;
				if (stack.isTruncated()) {
					truncated++;
				}
				RecordedFrame first = stack.getFrames().get(0);
				top.merge(frame(first), 1L, Long::sum);
				boolean payonce = false;
				String innermost = null;
				Set<String> seen = new HashSet<>();
				for (RecordedFrame f : stack.getFrames()) {
					String type = f.getMethod().getType().getName();
					if (type.equals(HANDLER)) {
						payonce = true;
					}
					if (innermost == null && type.startsWith("io.payonce.")) {
						innermost = frame(f);
					}
					if (!type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")) {
						String key = frame(f);
						if (seen.add(key)) {
							inclusive.merge(key, 1L, Long::sum);
						}
					}
				}
				innermostPayonce.merge((innermost != null) ? innermost : "(none)", 1L, Long::sum);
				if (!payonce) {
					frameworkOnly++;
					seen.forEach((key) -> frameworkInclusive.merge(key, 1L, Long::sum));
				}
			}
		}
		line(report, String.format(Locale.ROOT,
				"JFR (settings=profile), Tomcat worker threads, %d execution samples; framework only (no frame of"
						+ " CallbackController): %d = %.1f %%",
				samples, frameworkOnly, 100.0 * frameworkOnly / Math.max(1, samples)) + "; truncated stacks " + truncated);
		line(report, "framework-only samples, inclusive by frame (share of all samples): "
				+ shares(frameworkInclusive, samples, 45));
		line(report, "innermost PayOnce frame: " + shares(innermostPayonce, samples, 12));
		line(report, "top frames: " + shares(top, samples, 25));
		line(report, "inclusive (non-JDK frames, once per sample): " + shares(inclusive, samples, 70));
		line(report, String.format(Locale.ROOT, "allocation samples, weight %.0f MB in the window; by first non-JDK"
				+ " frame: ", allocated / 1e6) + sharesD(allocation, allocated, 25));
		line(report, "allocation by type: " + sharesD(allocationByType, allocated, 15));
	}

	private static boolean worker(RecordedEvent event) {
		String field = event.hasField("sampledThread") ? "sampledThread"
				: event.hasField("eventThread") ? "eventThread" : null;
		jdk.jfr.consumer.RecordedThread thread = (field != null) ? event.getThread(field) : null;
		return thread != null && thread.getJavaName() != null && thread.getJavaName().startsWith("http-nio");
	}

	private static String firstOwnFrame(RecordedStackTrace stack) {
		for (RecordedFrame f : stack.getFrames()) {
			String type = f.getMethod().getType().getName();
			if (!type.startsWith("java.") && !type.startsWith("jdk.") && !type.startsWith("sun.")) {
				return frame(f);
			}
		}
		return frame(stack.getFrames().get(0));
	}

	private static String frame(RecordedFrame f) {
		String type = f.getMethod().getType().getName();
		return type.substring(type.lastIndexOf('.') + 1) + "." + f.getMethod().getName();
	}

	private static String shares(Map<String, Long> counts, long total, int n) {
		Map<String, Double> d = new HashMap<>();
		counts.forEach((k, v) -> d.put(k, v.doubleValue()));
		return sharesD(d, total, n);
	}

	private static String sharesD(Map<String, Double> values, double total, int n) {
		List<Map.Entry<String, Double>> entries = new ArrayList<>(values.entrySet());
		entries.sort(Map.Entry.<String, Double>comparingByValue().reversed());
		StringBuilder sb = new StringBuilder();
		for (Map.Entry<String, Double> e : entries.subList(0, Math.min(n, entries.size()))) {
			sb.append(System.lineSeparator())
				.append("    ")
				.append(String.format(Locale.ROOT, "%5.1f %% %s", 100.0 * e.getValue() / Math.max(1, total), e.getKey()));
		}
		return sb.toString();
	}

	private static void line(StringBuilder report, String text) {
		System.out.println(text);
		report.append(text).append(System.lineSeparator());
	}

	private static void deleteRecursively(Path dir) throws IOException {
		if (!Files.exists(dir)) {
			return;
		}
		try (var paths = Files.walk(dir)) {
			paths.sorted(java.util.Comparator.reverseOrder()).forEach((p) -> p.toFile().delete());
		}
	}

}
