package io.payonce.bench;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import io.payonce.contract.EventCodec;
import io.payonce.contract.PayDeducted;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.TimelineFact;
import io.payonce.contract.TimelineFactCodec;
import io.payonce.contract.Topic;
import io.payonce.infra.LocalStack;
import io.payonce.infra.LocalStackConfig;
import io.payonce.infra.ServiceProcess;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Issue 17, "lookup speed measured": {@code GET /api/v1/timeline/{orderNo}} with 10,000 orders' facts present, on
 * two dlt-handler instances (the timeline split between them), asked of each instance in turn for random orders: a
 * lookup is answered from the asked instance's own store ("local") or by asking the other ("via peer"). Sequential
 * requests from one client (a person at the console), after a warm-up; the latency is the client's, request sent to
 * body read. Run: {@code ./mvnw -o -Pbenchmark -pl benchmarks -am -DskipTests -DskipITs verify
 * -Dbench.main=io.payonce.bench.TimelineLookup} after {@code ./mvnw -q -o install -DskipTests -DskipITs}.
 */
public final class TimelineLookup {

	private static final int ORDERS = Integer.getInteger("bench.timeline.orders", 10_000);

	private static final int LOOKUPS = Integer.getInteger("bench.timeline.lookups", 4_000);

	private static final int WARM_UP = 1_000;

	private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

	private static final String VIEWER = "Basic "
			+ Base64.getEncoder().encodeToString("viewer:viewer-local".getBytes(StandardCharsets.UTF_8));

	private static final String APPLICATION_ID = "payonce-dlt-handler";

	private static final tools.jackson.databind.json.JsonMapper JSON = tools.jackson.databind.json.JsonMapper.builder()
		.build();

	private TimelineLookup() {
	}

	public static void main(String[] args) throws Exception {
		Path target = Path.of(System.getProperty("bench.out", "target")).toAbsolutePath();
		String stamp = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString().replace(":", "");
		Path out = target.resolve("benchmark").resolve(stamp + "-timeline");
		Files.createDirectories(out);
		ByteArrayOutputStream copy = new ByteArrayOutputStream();
		PrintStream log = new PrintStream(new Benchmark.TeeStream(System.out, copy), true, StandardCharsets.UTF_8);
		Path repo = Path.of(System.getProperty("payonce.repo", "..")).toAbsolutePath().normalize();
		Path jar = ServiceProcess.execJar(repo, "dlt-handler")
			.orElseThrow(() -> new IllegalStateException("No exec jar of dlt-handler; build it first"));
		Path stackDir = out.getParent().resolve("stack-timeline");
		Benchmark.deleteRecursively(stackDir);
		List<ServiceProcess> handlers = new ArrayList<>();
		int status = 0;
		log.printf("PayOnce timeline lookup benchmark, %s%nload average at start: %s%n", Instant.now(),
				Sys.loadAverage());
		try (LocalStack stack = LocalStack.start(LocalStackConfig.freePorts(stackDir));
				Kafka kafka = new Kafka(stack.kafka().bootstrapServers())) {
			try {
				// given two handler instances (the ladder held for an hour: nothing is released during the run), both
				// running before any fact exists, so that the timeline's partitions are split between them (an instance
				// that joins one holding state only warms up standbys until the next probing rebalance)
				Path serviceDir = Files.createDirectories(stackDir.resolve("services"));
				for (int n = 1; n <= 2; n++) {
					Map<String, String> env = new LinkedHashMap<>(stack.serviceEnvironment("dlt-handler"));
					env.put("PAYONCE_DLT_RETRY_TIERS", "1h");
					env.put("PAYONCE_DLT_STREAMS_STATE_DIR", serviceDir.resolve("state-" + n).toString());
					env.put("PAYONCE_DLT_STREAMS_ADVERTISED_HOST", "127.0.0.1");
					env.put("MANAGEMENT_ENDPOINT_HEALTH_SHOW_DETAILS", "always");
					// a folder each: the launch copies the jar and writes its log there
					handlers.add(ServiceProcess.launch("dlt-handler", jar, ServiceProcess.freePort(), env,
							Files.createDirectories(serviceDir.resolve("handler-" + n)),
							List.of("-Xms256m", "-Xmx512m", "-XX:+UseSerialGC")));
				}
				for (ServiceProcess handler : handlers) {
					handler.awaitHealthy(Duration.ofMinutes(4));
				}
				awaitBothRunning(handlers, Duration.ofMinutes(2));
				// and ORDERS orders' facts on the topics: callback, relay, delivery, retry, release, deduction
				long seeding = System.nanoTime();
				List<ProducerRecord<String, byte[]>> records = new ArrayList<>();
				// ten minutes ago: the retry records wait an hour from then, so the ladder releases none during the run
				Instant t0 = Instant.now().minusSeconds(600);
				for (int i = 0; i < ORDERS; i++) {
					records.addAll(factsOf(orderNo(i), t0.plusMillis(i)));
				}
				kafka.produceAll(records);
				Map<String, Long> ends = new LinkedHashMap<>();
				for (Topic topic : Topic.values()) {
					ends.put(topic.topicName(), kafka.endOffsetSum(topic.topicName()));
				}
				log.printf("seeded %,d records of %,d orders in %.1f s: %s%n", records.size(), ORDERS,
						(System.nanoTime() - seeding) / 1e9, ends);

				long materialising = System.nanoTime();
				awaitMaterialised(kafka, ends, Duration.ofMinutes(10));
				log.printf("timeline materialised (group %s-timeline committed the end of every topic) %.1f s after seeding%n",
						APPLICATION_ID, (System.nanoTime() - materialising) / 1e9);

				// when random orders' timelines are asked of each instance in turn
				HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
				Random random = new Random(17);
				awaitQueryable(http, handlers);
				for (int i = 0; i < WARM_UP; i++) {
					lookup(http, handlers.get(i % 2), orderNo(random.nextInt(ORDERS)));
				}
				List<Long> local = new ArrayList<>();
				List<Long> viaPeer = new ArrayList<>();
				int wrong = 0;
				for (int i = 0; i < LOOKUPS; i++) {
					ServiceProcess asked = handlers.get(i % 2);
					Answer answer = lookup(http, asked, orderNo(random.nextInt(ORDERS)));
					String problem = check(answer);
					if (problem != null) {
						if (wrong++ < 3) {
							log.println("wrong answer from " + asked.port() + ": " + problem);
						}
						continue;
					}
					boolean self = answer.body.contains("\"servedBy\":\"127.0.0.1:" + asked.port() + "\"");
					(self ? local : viaPeer).add(answer.nanos);
				}

				// then
				StringBuilder table = new StringBuilder();
				table.append(String.format("timeline lookup, %,d orders' facts (%,d records), 2 dlt-handler instances, "
						+ "%,d sequential lookups after %,d warm-up%n", ORDERS, records.size(), LOOKUPS, WARM_UP));
				table.append(String.format("%-10s %8s %10s %10s %10s%n", "answered", "lookups", "p50 ms", "p99 ms", "max ms"));
				List<Long> all = new ArrayList<>(local);
				all.addAll(viaPeer);
				row(table, "local", local);
				row(table, "via peer", viaPeer);
				row(table, "all", all);
				table.append(String.format("wrong or failed answers: %d (each must be 200 with the order's 6 steps)%n", wrong));
				table.append("load average at end: " + Sys.loadAverage() + "\n");
				log.print(table);
				Files.writeString(out.resolve("table.txt"), table.toString());
				if (wrong > 0) {
					status = 1;
				}
			}
			finally {
				// before the stack they run on
				for (ServiceProcess handler : handlers) {
					handler.stop();
				}
			}
		}
		catch (Exception ex) {
			log.println("BENCHMARK FAILED: " + ex);
			ex.printStackTrace(log);
			status = 1;
		}
		finally {
			Files.writeString(out.resolve("output.txt"), copy.toString(StandardCharsets.UTF_8));
			log.println("output: " + out);
		}
		System.exit(status);
	}

	private static String orderNo(int i) {
		return "TL-" + i;
	}

	/** One order's six facts as the services and the pipeline's topics carry them. */
	private static List<ProducerRecord<String, byte[]>> factsOf(String orderNo, Instant at) {
		List<ProducerRecord<String, byte[]>> records = new ArrayList<>();
		records.add(new ProducerRecord<>(Topic.PAY_TIMELINE.topicName(), orderNo,
				TimelineFactCodec.encode(new TimelineFact(orderNo, at, "producer-gateway", "gw-1",
						TimelineFact.Step.CALLBACK, "ACCEPTED", "4bf92f3577b34da6a3ce929d0e0e4736", Map.of("payNo", "PN-" + orderNo)))));
		records.add(withHeaders(new ProducerRecord<>(Topic.PAY_SUCCESS.topicName(), null, at.plusMillis(40).toEpochMilli(),
				orderNo, payload(orderNo)), PayonceHeaders.EVENT_ID, "evt-" + orderNo, PayonceHeaders.RELAYED_BY,
				"relay-1", PayonceHeaders.TRACEPARENT, TRACEPARENT));
		records.add(new ProducerRecord<>(Topic.PAY_TIMELINE.topicName(), orderNo,
				TimelineFactCodec.encode(new TimelineFact(orderNo, at.plusMillis(60), "deduct-consumer", "c-1",
						TimelineFact.Step.DELIVERY, "RETRY", "4bf92f3577b34da6a3ce929d0e0e4736",
						Map.of("reason", "INSUFFICIENT_BALANCE")))));
		records.add(withHeaders(new ProducerRecord<>(Topic.PAY_SUCCESS_RETRY.topicName(), null,
				at.plusMillis(61).toEpochMilli(), orderNo, payload(orderNo)), PayonceHeaders.EVENT_ID, "evt-" + orderNo,
				PayonceHeaders.ATTEMPT, "1", PayonceHeaders.REASON, "INSUFFICIENT_BALANCE"));
		records.add(withHeaders(new ProducerRecord<>(Topic.PAY_SUCCESS.topicName(), null,
				at.plusSeconds(31).toEpochMilli(), orderNo, payload(orderNo)), PayonceHeaders.EVENT_ID, "evt-" + orderNo,
				PayonceHeaders.ATTEMPT, "2"));
		records.add(new ProducerRecord<>(Topic.PAY_DEDUCTED.topicName(), orderNo, EventCodec.encode(new PayDeducted(
				orderNo, "PN-" + orderNo, 10086, new BigDecimal("25.00"), "CNY", 1, at.plusSeconds(32)))));
		return records;
	}

	private static byte[] payload(String orderNo) {
		return ("{\"payNo\":\"PN-" + orderNo + "\",\"orderNo\":\"" + orderNo
				+ "\",\"userId\":10086,\"amount\":\"25.00\",\"currency\":\"CNY\",\"paidAt\":\"2026-12-01T00:00:00Z\"}")
			.getBytes(StandardCharsets.UTF_8);
	}

	private static ProducerRecord<String, byte[]> withHeaders(ProducerRecord<String, byte[]> record, String... headers) {
		for (int i = 0; i < headers.length; i += 2) {
			record.headers().add(headers[i], headers[i + 1].getBytes(StandardCharsets.UTF_8));
		}
		return record;
	}

	/** Until the timeline's group has committed the end of every topic (it commits every 30 s: at_least_once). */
	private static void awaitMaterialised(Kafka kafka, Map<String, Long> ends, Duration timeout) throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			boolean done = true;
			for (Map.Entry<String, Long> end : ends.entrySet()) {
				if (kafka.committedSum(APPLICATION_ID + "-timeline", end.getKey()) < end.getValue()) {
					done = false;
				}
			}
			if (done) {
				return;
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("timeline not materialised within " + timeout);
			}
			Thread.sleep(500); // a poll of the group's offsets, not a wait for an outcome
		}
	}

	private static void awaitBothRunning(List<ServiceProcess> handlers, Duration timeout) throws Exception {
		HttpClient http = HttpClient.newHttpClient();
		long deadline = System.nanoTime() + timeout.toNanos();
		while (true) {
			boolean running = true;
			for (ServiceProcess handler : handlers) {
				String health = http.send(HttpRequest.newBuilder(URI.create(handler.managementUrl() + "/actuator/health"))
					.build(), HttpResponse.BodyHandlers.ofString()).body();
				int at = health.indexOf("\"timelineStreamsHealth\":{");
				int end = (at < 0) ? -1 : health.indexOf("}}", at);
				running &= at >= 0 && health.substring(at, (end < 0) ? health.length() : end).contains("\"RUNNING\"");
			}
			if (running) {
				return;
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("the handlers' timelines did not run within " + timeout);
			}
			Thread.sleep(500); // a poll of the health endpoints
		}
	}

	/** Until both instances answer (the group settled after the handlers' start). */
	private static void awaitQueryable(HttpClient http, List<ServiceProcess> handlers) throws Exception {
		long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
		for (int i = 0; i < ORDERS && System.nanoTime() < deadline; i++) {
			boolean both = true;
			for (ServiceProcess handler : handlers) {
				both &= lookup(http, handler, orderNo(i % ORDERS)).status == 200;
			}
			if (both) {
				return;
			}
			Thread.sleep(500);
		}
		throw new IllegalStateException("the handlers did not answer timelines within 2 min");
	}

	private static Answer lookup(HttpClient http, ServiceProcess handler, String orderNo) throws Exception {
		HttpRequest request = HttpRequest
			.newBuilder(URI.create(handler.baseUrl() + "/api/v1/timeline/" + URLEncoder.encode(orderNo, StandardCharsets.UTF_8)))
			.header("Authorization", VIEWER)
			.timeout(Duration.ofSeconds(10))
			.build();
		long start = System.nanoTime();
		HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
		return new Answer(response.statusCode(), response.body(), System.nanoTime() - start);
	}

	/** Why an answer is not the order's timeline (200, six steps, the last the deduction), or {@code null}. */
	private static String check(Answer answer) {
		if (answer.status != 200) {
			return answer.status + " " + answer.body;
		}
		tools.jackson.databind.JsonNode steps = JSON.readTree(answer.body).get("steps");
		if (steps == null || steps.size() != 6 || !"DEDUCTED".equals(steps.get(5).get("step").asString())) {
			return "not the six steps ending with the deduction: " + answer.body;
		}
		return null;
	}

	private static void row(StringBuilder table, String name, List<Long> nanos) {
		long[] sorted = nanos.stream().mapToLong(Long::longValue).toArray();
		Arrays.sort(sorted);
		table.append(String.format("%-10s %8d %10.2f %10.2f %10.2f%n", name, sorted.length,
				Report.percentile(sorted, 50) / 1e6, Report.percentile(sorted, 99) / 1e6,
				(sorted.length == 0) ? -1 : sorted[sorted.length - 1] / 1e6));
	}

	private record Answer(int status, String body, long nanos) {

	}

}
