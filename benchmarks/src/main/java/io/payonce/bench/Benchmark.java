package io.payonce.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.payonce.contract.EventCodec;
import io.payonce.contract.EventType;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.TimelineFact;
import io.payonce.contract.TimelineFactCodec;
import io.payonce.contract.Topic;
import io.payonce.infra.LocalStack;
import io.payonce.infra.LocalStackConfig;
import io.payonce.infra.ServiceProcess;
import io.payonce.infra.pipeline.TradeLedger;
import io.payonce.platform.callback.PayCallback;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;

/**
 * Issue 8: the pipeline measured against its physical limit and the naive baseline, in one run. See
 * benchmarks/README.md for the command, what each number means and how it is measured.
 */
public final class Benchmark {

	static final String GATEWAY = "producer-gateway";

	static final String RELAY = "outbox-relay";

	static final String CONSUMER = "deduct-consumer";

	static final String CONSUMER_GROUP = "payonce-deduct-consumer";

	/** The harness's own process: the load generator, reported apart from the pipeline. */
	static final String LOAD_GENERATOR = "benchmark (load generator)";

	/** The consumer's default concurrency (deduct-consumer README); the baselines use as many threads. */
	static final int CONSUMER_THREADS = 3;

	/**
	 * Durable commits per payment by design when every record commits alone: the gateway's (t_payment +
	 * t_outbox) and the consumer's deduction. The run also measures the real figure during e2e max
	 * ({@code Com_commit} per payment), lower because the consumer commits once per poll; the target uses that.
	 */
	static final int COMMITS_PER_PAYMENT = 2;

	/** How big a run is. {@code full} is the committed measurement, {@code small} checks the harness. */
	record Scale(String name, int threads, double limitSeconds, int kafkaRecords, int warmUpPayments,
			int gatewayPayments, int duplicateRecords, int mixUnique, double e2eSeconds, int e2eOrders,
			double halfSeconds) {

		static Scale of(String name) {
			if ("small".equals(name)) {
				return new Scale(name, 8, 3, 20_000, 300, 1_000, 3_000, 700, 5, 8_000, 5);
			}
			// 30,000 unique records and 15,000 + 30 % duplicates: each consumer phase, guarded and baseline, lasts
			// seconds, not one: with 10,000 the naive loop's rate at equal batching was decided by when its three
			// threads' first polls filled (4,347-9,962 records/s over three runs of the same code). A warm-up of
			// 20,000 payments (was 6,000): the services' JIT compilers were still busy in e2e max after 6,000.
			// 60,000 orders per e2e phase (was 40,000): at ~2,100/s the senders ran out of orders before 20 s.
			return new Scale("full", 16, 8, 200_000, 20_000, 30_000, 40_000, 15_000, 20, 60_000, 20);
		}

	}

	private final Scale scale;

	private final Path out;

	private final PrintStream log;

	private final Report report = new Report();

	private final Map<String, ServiceProcess> services = new LinkedHashMap<>();

	private final Map<String, Instant[]> windows = new LinkedHashMap<>();

	private final List<Long> acceptedTimes = new ArrayList<>();

	private final List<Long> deductedTimes = new ArrayList<>();

	private LocalStack stack;

	/** The harness's own JFR recording: the load generator's profile (issue 19: not the limit). */
	private jdk.jfr.Recording recording;

	private Db db;

	/** MariaDB's deadlock count when the stack came up: the run reports how many it caused. */
	private long deadlocksAtStart;

	private Kafka kafka;

	private Benchmark(Scale scale, Path out, PrintStream log) {
		this.scale = scale;
		this.out = out;
		this.log = log;
	}

	public static void main(String[] args) throws Exception {
		Scale scale = Scale.of(System.getProperty("bench.scale", "full"));
		Path target = Path.of(System.getProperty("bench.out", "target")).toAbsolutePath();
		String stamp = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString().replace(":", "");
		Path out = target.resolve("benchmark").resolve(stamp + "-" + scale.name());
		Files.createDirectories(out);
		ByteArrayOutputStream copy = new ByteArrayOutputStream();
		PrintStream log = new PrintStream(new TeeStream(System.out, copy), true, StandardCharsets.UTF_8);
		Benchmark benchmark = new Benchmark(scale, out, log);
		Thread cleanup = new Thread(benchmark::shutdown, "bench-cleanup");
		Runtime.getRuntime().addShutdownHook(cleanup);
		int status = 0;
		try {
			status = benchmark.run();
		}
		catch (RunRefused ex) {
			log.println(ex.getMessage());
			status = 2;
		}
		catch (Exception ex) {
			log.println("BENCHMARK FAILED: " + ex);
			ex.printStackTrace(log);
			status = 1;
		}
		finally {
			benchmark.shutdown();
			log.println("load average at end: " + Sys.loadAverage() + " (" + Instant.now() + ")");
			Files.writeString(out.resolve("output.txt"), copy.toString(StandardCharsets.UTF_8));
			log.println("output: " + out);
		}
		System.exit(status);
	}

	private synchronized void shutdown() {
		List<ServiceProcess> running = new ArrayList<>(this.services.values());
		java.util.Collections.reverse(running);
		for (ServiceProcess service : running) {
			try {
				if (service.isRunning()) {
					service.resume(); // a paused JVM cannot handle SIGTERM
					service.stop();
				}
			}
			catch (RuntimeException ex) {
				this.log.println("could not stop " + service.service() + ": " + ex.getMessage());
			}
		}
		this.services.clear();
		if (this.kafka != null) {
			this.kafka.close();
			this.kafka = null;
		}
		if (this.stack != null) {
			this.stack.close();
			this.stack = null;
		}
	}

	/** The machine was too busy to measure: no numbers, exit status 2. */
	static final class RunRefused extends RuntimeException {

		RunRefused(String message) {
			super(message);
		}

	}

	/** @return the exit status: 0, or 1 when an exactly-once check failed (after the report is written) */
	private int run() throws Exception {
		Instant started = Instant.now();
		double loadAtStart = Sys.loadAverage1();
		this.recording = new jdk.jfr.Recording(jdk.jfr.Configuration.getConfiguration("default"));
		this.recording.setName("bench-load-generator");
		this.recording.start();
		this.log.printf("PayOnce benchmark, scale %s, %s%nload average at start: %s%n", this.scale.name(), started,
				Sys.loadAverage());
		this.report.facts.put("startedAt", started.toString());
		this.report.facts.put("scale", this.scale.toString());
		this.report.facts.put("loadAverageAtStart", Sys.loadAverage());
		this.report.facts.put("cpus", Runtime.getRuntime().availableProcessors());
		Path repo = Path.of(System.getProperty("payonce.repo", "..")).toAbsolutePath().normalize();
		Map<String, Path> jars = new LinkedHashMap<>();
		for (String module : List.of(GATEWAY, CONSUMER, RELAY)) {
			jars.put(module, ServiceProcess.execJar(repo, module)
				.orElseThrow(() -> new IllegalStateException("No exec jar of " + module
						+ "; build the services first: ./mvnw -q -o install -DskipTests -DskipITs")));
		}

		Path stackDir = this.out.getParent().resolve("stack");
		io.payonce.infra.LocalStackConfig config = LocalStackConfig.freePorts(stackDir);
		deleteRecursively(stackDir);
		this.log.println("== starting Kafka, MariaDB, Redis in " + stackDir);
		this.stack = LocalStack.start(config);
		this.db = new Db(this.stack.mariaDb());
		this.kafka = new Kafka(this.stack.kafka().bootstrapServers());
		Map<String, String> durable = this.db.makeDurable();
		this.log.println("MariaDB settings: " + durable + "; producers acks=all");
		this.report.facts.put("mariadb", durable);
		this.deadlocksAtStart = this.db.status("Innodb_deadlocks").getOrDefault("Innodb_deadlocks", 0L);
		this.report.facts.put("kafkaProducers", "acks=all, enable.idempotence=true (bench, relay, consumer)");
		String topicPay = Topic.PAY_SUCCESS.topicName();
		int partitions = config.partitions();
		for (String topic : List.of("bench.raw", "bench.naive", "bench.dedupe", "bench.naive.batched",
				"bench.dedupe.batched")) {
			this.kafka.createTopic(topic, partitions);
		}

		this.log.println("== starting " + jars.keySet() + " (JFR recording on, for the profiles)");
		Path serviceDir = stackDir.resolve("services");
		Files.createDirectories(serviceDir);
		Path jfc = benchJfc(serviceDir);
		for (Map.Entry<String, Path> jar : jars.entrySet()) {
			Map<String, String> env = new LinkedHashMap<>(this.stack.serviceEnvironment(jar.getKey()));
			if (CONSUMER.equals(jar.getKey())) {
				// The component phases hold the consumer with SIGSTOP for up to a minute; keep its group membership.
				env.put("SPRING_APPLICATION_JSON",
						"{\"spring\":{\"kafka\":{\"consumer\":{\"properties\":{\"session.timeout.ms\":\"120000\"}}}}}");
			}
			if (RELAY.equals(jar.getKey())) {
				// The same for the relay's lease (its leader election): a pause past it would hand the lead over and
				// the catch-up "from resume" would include a new term's start.
				env.put("PAYONCE_RELAY_LEADERSHIP_SESSION_TIMEOUT", "120s");
			}
			List<String> jvm = List.of("-Xms256m", "-Xmx512m", "-XX:+UseSerialGC",
					"-XX:StartFlightRecording=name=bench,settings=" + jfc + ",filename="
							+ serviceDir.resolve(jar.getKey() + "-exit.jfr"));
			this.services.put(jar.getKey(),
					ServiceProcess.launch(jar.getKey(), jar.getValue(), ServiceProcess.freePort(), env, serviceDir,
							jvm));
		}
		for (ServiceProcess service : this.services.values()) {
			service.awaitHealthy(Duration.ofMinutes(4));
		}
		TradeLedger ledger = TradeLedger.of(this.stack.mariaDb());
		long schemaDeadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		while (!ledger.schemasReady() && System.nanoTime() < schemaDeadline) {
			Thread.sleep(200);
		}
		ServiceProcess gateway = this.services.get(GATEWAY);
		ServiceProcess relay = this.services.get(RELAY);
		ServiceProcess consumer = this.services.get(CONSUMER);
		awaitConsumerAssigned(topicPay, partitions);
		this.log.printf("services up after %.0f s%n", Duration.between(started, Instant.now()).toMillis() / 1000.0);

		String run = Long.toString(System.currentTimeMillis(), 36).toUpperCase(Locale.ROOT);
		List<Db.Order> wOrders = orders(run, "W", 5_000_000_000L, this.scale.warmUpPayments());
		List<Db.Order> gOrders = orders(run, "G", 1_000_000_000L, this.scale.gatewayPayments());
		List<Db.Order> mOrders = orders(run, "M", 2_000_000_000L, this.scale.mixUnique());
		List<Db.Order> e1Orders = orders(run, "E1", 3_000_000_000L, this.scale.e2eOrders());
		List<Db.Order> e2Orders = orders(run, "E2", 4_000_000_000L, this.scale.e2eOrders());
		long seedStart = System.nanoTime();
		List<Db.Order> all = new ArrayList<>(wOrders);
		all.addAll(gOrders);
		all.addAll(mOrders);
		all.addAll(e1Orders);
		all.addAll(e2Orders);
		this.db.seedTrade(all);
		this.db.createBaselineSchema("bench_naive", false, gOrders);
		this.db.createBaselineSchema("bench_dedupe", true, mOrders);
		this.db.createBaselineSchema("bench_naive_batched", false, gOrders);
		this.db.createBaselineSchema("bench_dedupe_batched", true, mOrders);
		this.log.printf("seeded %d accounts and INIT orders in %.1f s%n", all.size(),
				(System.nanoTime() - seedStart) / 1e9);

		Map<String, Long> pids = new LinkedHashMap<>();
		pids.put(GATEWAY, gateway.pid());
		pids.put(RELAY, relay.pid());
		pids.put(CONSUMER, consumer.pid());
		pids.put("mariadb", this.stack.mariaDb().pid());
		pids.put("kafka", this.stack.kafka().pid());
		pids.put("redis", this.stack.redis().pid());
		pids.put(LOAD_GENERATOR, ProcessHandle.current().pid());

		// ---- the load gate: a busy machine measures the neighbours, not the pipeline ---------------------------
		LoadGate.Settings gateSettings = LoadGate.Settings.of(System.getProperty("bench.maxLoad"),
				System.getProperty("bench.loadWait"), Runtime.getRuntime().availableProcessors());
		this.log.printf("== load gate: 1-min load average %s now, at most %.2f, waiting up to %d s%n",
				Sys.loadAverage(), gateSettings.maxLoad(), gateSettings.maxWait().toSeconds());
		LoadGate.Verdict gate = LoadGate.await(gateSettings, Sys::loadAverage1, System::nanoTime,
				(d) -> Thread.sleep(d.toMillis()));
		Map<String, Object> gateFacts = new LinkedHashMap<>();
		gateFacts.put("maxLoad", gateSettings.maxLoad());
		gateFacts.put("maxWaitSeconds", gateSettings.maxWait().toSeconds());
		gateFacts.put("admitted", gate.admitted());
		gateFacts.put("load1AtFirstPhase", gate.load());
		gateFacts.put("waitedSeconds", gate.waited().toSeconds());
		gateFacts.put("message", gate.message());
		this.report.facts.put("loadGate", gateFacts);
		if (!gate.admitted()) {
			throw new RunRefused(gate.message()); // main prints it, exits 2
		}
		this.log.println(gate.message());
		String loadAtFirstPhase = Sys.loadAverage();

		// ---- warm-up: JIT, connection pools, Redis and Kafka clients of every service (not reported) --------
		this.log.println("== warm-up: " + wOrders.size() + " payments through the whole pipeline, then their"
				+ " redeliveries");
		Instant t = Instant.now();
		CallbackLoad warm = new CallbackLoad(gateway.baseUrl());
		CallbackLoad.Result warmRun = warm.closedLoop(warm.prepare(callbacks(wOrders)), this.scale.threads(), 120);
		awaitFlows(prefix(run, "W"), warmRun.acceptedAt().size(), Duration.ofSeconds(120));
		List<ConsumerRecord<String, byte[]>> warmRecords = this.kafka.readAll(topicPay, prefix(run, "W"),
				warmRun.acceptedAt().size());
		this.kafka.produceAll(warmRecords.stream().map(r -> copy(r, topicPay)).toList());
		this.kafka.awaitCommitted(CONSUMER_GROUP, topicPay, this.kafka.endOffsetSum(topicPay), System.nanoTime(),
				Duration.ofSeconds(120));
		this.acceptedTimes.addAll(warmRun.acceptedAt().values());
		phase("warm-up", t);
		List<ExactlyOnce.Check> checks = new ArrayList<>();
		checks.add(pipelineCheck("warmUpWithRedeliveries", prefix(run, "W"), wOrders, warmRun.acceptedAt().size()));
		this.log.printf("warm-up: %d payments at %.0f/s accepted, deducted, redelivered%n",
				warmRun.acceptedAt().size(), warmRun.acceptedPerSecond());

		// ---- the limit -------------------------------------------------------------------------------------
		this.log.println("== limit: raw durable single-row commits, " + this.scale.threads() + " connections");
		t = Instant.now();
		Map<String, Double> limitCpu0 = Sys.cpuSnapshot(pids);
		double rawCommits = this.db.rawCommitRate(this.scale.threads(), this.scale.limitSeconds());
		// the rate counts only the measured seconds; CPU covers warm-up and set-up too (an upper bound per commit)
		double mariaDbCpuPerRawCommit = Sys.delta(limitCpu0, Sys.cpuSnapshot(pids)).get("mariadb")
				/ (rawCommits * (this.scale.limitSeconds() + 1));
		phase("limit: DB", t);
		double rawCommitsConsumer = this.db.rawCommitRate(CONSUMER_THREADS, this.scale.limitSeconds() / 2);
		this.log.printf("raw durable commits/s: %.0f with %d connections, %.0f with %d (the consumer's concurrency)%n",
				rawCommits, this.scale.threads(), rawCommitsConsumer, CONSUMER_THREADS);
		this.log.println("== limit: raw Kafka produce/consume (acks=all, 300-byte values)");
		t = Instant.now();
		double rawProduce = this.kafka.rawProduce("bench.raw", this.scale.kafkaRecords(), 300);
		double rawConsume = this.kafka.rawConsume("bench.raw", this.scale.kafkaRecords() + 1);
		phase("limit: Kafka", t);
		this.log.printf("raw produce/s %.0f, consume/s %.0f%n", rawProduce, rawConsume);

		// ---- each component alone ------------------------------------------------------------------------
		CallbackLoad load = new CallbackLoad(gateway.baseUrl());
		this.log.println("== gateway alone (relay and consumer paused): " + gOrders.size() + " callbacks, "
				+ this.scale.threads() + " senders");
		Kafka.RecordWatch relayed = this.kafka.watch(topicPay, prefix(run, "G"));
		relay.pause();
		consumer.pause();
		List<CallbackLoad.Prepared> gCallbacks = load.prepare(callbacks(gOrders));
		t = Instant.now();
		Map<String, Double> cpu0 = Sys.cpuSnapshot(pids);
		long q0 = questions();
		CallbackLoad.Result gatewayRun = load.closedLoop(gCallbacks, this.scale.threads(), 45);
		double gatewayStatements = (questions() - q0) / (double) gatewayRun.acceptedAt().size();
		Map<String, Double> gatewayCpu = Sys.delta(cpu0, Sys.cpuSnapshot(pids));
		phase("gateway alone", t);
		this.acceptedTimes.addAll(gatewayRun.acceptedAt().values());
		long gAccepted = gatewayRun.acceptedAt().size();
		this.log.printf("gateway: %d accepted (%d failed) in %.1f s = %.0f/s%n", gAccepted, gatewayRun.failed(),
				gatewayRun.seconds(), gatewayRun.acceptedPerSecond());

		this.log.println("== relay alone: catching up a backlog of " + gAccepted + " outbox events");
		t = Instant.now();
		cpu0 = Sys.cpuSnapshot(pids);
		relay.resume();
		double relaySeconds = relayed.awaitCount(gAccepted, Duration.ofSeconds(120));
		Map<String, Double> relayCpu = Sys.delta(cpu0, Sys.cpuSnapshot(pids));
		phase("relay catch-up", t);
		List<ConsumerRecord<String, byte[]>> gRecords = relayed.records();
		relayed.close();
		long gEnd = this.kafka.committedSumAfter(CONSUMER_GROUP, topicPay, gRecords);
		long firstTs = gRecords.stream().mapToLong(ConsumerRecord::timestamp).min().orElse(0);
		long lastTs = gRecords.stream().mapToLong(ConsumerRecord::timestamp).max().orElse(0);
		double relayRate = (relaySeconds > 0) ? gAccepted / relaySeconds : Double.NaN;
		double relayRateTs = (lastTs > firstTs) ? gRecords.size() / ((lastTs - firstTs) / 1000.0) : Double.NaN;
		this.log.printf("relay: %d events in %.2f s from resume = %.0f/s (%.0f/s between first and last record"
				+ " timestamp)%n", gAccepted, relaySeconds, relayRate, relayRateTs);

		this.log.println("== consumer alone, unique records: the backlog of " + gAccepted);
		q0 = questions();
		double[] consumerUnique = consumeBacklog(consumer, topicPay, gEnd, gAccepted, pids, "consumer unique");
		double consumerStatements = (questions() - q0) / (double) gAccepted;
		this.log.printf("consumer unique: %.0f deductions/s%n", consumerUnique[0]);

		this.log.println("== consumer alone, duplicates only (Redis fast path): " + this.scale.duplicateRecords());
		double dupRedisBefore = deliveries(consumer, "DUPLICATE", "redis");
		consumer.pause();
		List<ProducerRecord<String, byte[]>> dups = new ArrayList<>();
		for (int i = 0; i < this.scale.duplicateRecords(); i++) {
			dups.add(copy(gRecords.get(i % gRecords.size()), topicPay));
		}
		this.kafka.produceAll(dups);
		Map<String, Long> dbBefore = this.db.status("Com_select", "Com_insert", "Com_update", "Com_delete",
				"Com_commit");
		long end = this.kafka.endOffsetSum(topicPay);
		double[] consumerDups = consumeBacklog(consumer, topicPay, end, pids, "consumer duplicates");
		Map<String, Long> dbDuring = Db.delta(dbBefore, this.db.status("Com_select", "Com_insert", "Com_update",
				"Com_delete", "Com_commit"));
		double dupRedis = deliveries(consumer, "DUPLICATE", "redis") - dupRedisBefore;
		long dbStatements = dbDuring.values().stream().mapToLong(Long::longValue).sum();
		this.log.printf("consumer duplicates: %.0f/s; counted DUPLICATE(redis) %.0f; DB statements meanwhile %s%n",
				consumerDups[0], dupRedis, dbDuring);
		// after their redeliveries: still one deduction each
		checks.add(pipelineCheck("gatewayBacklogWithRedeliveries", prefix(run, "G"), gOrders, gAccepted));
		this.log.println("exactly once: " + checks.get(checks.size() - 1).toMap());

		this.log.println("== consumer, workload with 30 % duplicates: " + mOrders.size() + " new + duplicates");
		List<ProducerRecord<String, byte[]>> mix = mixWorkload(mOrders, topicPay);
		consumer.pause();
		this.kafka.produceAll(mix);
		end = this.kafka.endOffsetSum(topicPay);
		double[] consumerMix = consumeBacklog(consumer, topicPay, end, pids, "consumer 30% dup");
		checks.add(this.db.exactlyOnceCheck("mix30", "payonce_trade", prefix(run, "M"), mOrders, mOrders.size(),
				mOrders.size()));
		this.log.printf("consumer 30%% dup: %.0f records/s; exactly once: %s%n", consumerMix[0],
				checks.get(checks.size() - 1).toMap());

		// ---- baselines, same workloads, same concurrency -------------------------------------------------
		this.log.println("== baseline: the incident's naive consumer on the same " + gRecords.size()
				+ " unique records");
		t = Instant.now();
		q0 = questions();
		BaselineConsumer.Result naive = new BaselineConsumer(this.kafka, this.db, BaselineConsumer.Mode.NAIVE,
				"bench_naive", false)
			.run("bench.naive", partitions, CONSUMER_THREADS, gRecords.size(), () -> this.kafka
				.produceAll(gRecords.stream().map(r -> copy(r, "bench.naive")).toList()));
		phase("naive", t);
		double naiveStatements = (questions() - q0) / (double) naive.records();
		this.log.printf("naive: %.0f records/s, CPU %.2f s%n", naive.perSecond(), naive.cpuSeconds());
		this.log.println("== baseline: database-only dedupe on the same 30 % duplicate workload");
		t = Instant.now();
		BaselineConsumer.Result dbDedupe = new BaselineConsumer(this.kafka, this.db, BaselineConsumer.Mode.DB_DEDUPE,
				"bench_dedupe", false)
			.run("bench.dedupe", partitions, CONSUMER_THREADS, mix.size(),
					() -> this.kafka.produceAll(mix.stream().map(r -> copy(r, "bench.dedupe")).toList()));
		phase("db-only dedupe", t);
		checks.add(this.db.exactlyOnceCheck("dbDedupeMix30", "bench_dedupe", prefix(run, "M"), mOrders,
				mOrders.size(), mOrders.size()));
		this.log.printf("db-only dedupe: %.0f records/s (%d duplicates skipped); exactly once: %s%n",
				dbDedupe.perSecond(), dbDedupe.duplicates(), checks.get(checks.size() - 1).toMap());

		// The same two loops with one transaction per poll (the guarded consumer's batching): the cost of the
		// guards at equal batching, not only against the incident's per-record loop.
		this.log.println("== baseline: naive consumer, one transaction per poll of "
				+ BaselineConsumer.MAX_POLL_RECORDS);
		t = Instant.now();
		BaselineConsumer.Result naiveBatched = new BaselineConsumer(this.kafka, this.db, BaselineConsumer.Mode.NAIVE,
				"bench_naive_batched", true)
			.run("bench.naive.batched", partitions, CONSUMER_THREADS, gRecords.size(), () -> this.kafka
				.produceAll(gRecords.stream().map(r -> copy(r, "bench.naive.batched")).toList()));
		phase("naive batched", t);
		this.log.printf("naive batched: %.0f records/s%n", naiveBatched.perSecond());
		this.log.println("== baseline: database-only dedupe, one transaction per poll, savepoint per record");
		t = Instant.now();
		BaselineConsumer.Result dbDedupeBatched = new BaselineConsumer(this.kafka, this.db,
				BaselineConsumer.Mode.DB_DEDUPE, "bench_dedupe_batched", true)
			.run("bench.dedupe.batched", partitions, CONSUMER_THREADS, mix.size(), () -> this.kafka
				.produceAll(mix.stream().map(r -> copy(r, "bench.dedupe.batched")).toList()));
		phase("db-only dedupe batched", t);
		checks.add(this.db.exactlyOnceCheck("dbDedupeBatchedMix30", "bench_dedupe_batched", prefix(run, "M"),
				mOrders, mOrders.size(), mOrders.size()));
		this.log.printf("db-only dedupe batched: %.0f records/s (%d duplicates skipped); exactly once: %s%n",
				dbDedupeBatched.perSecond(), dbDedupeBatched.duplicates(), checks.get(checks.size() - 1).toMap());

		// ---- end to end ----------------------------------------------------------------------------------
		this.log.println("== end to end at maximum load: " + this.scale.threads() + " senders for "
				+ this.scale.e2eSeconds() + " s");
		Map<String, Double> allocBefore = allocated();
		Map<String, Long> dbStatusBefore = this.db.status("Innodb_os_log_fsyncs", "Binlog_commits",
				"Binlog_group_commits", "Com_commit");
		// signed before the phase: the load generator's CPU in the phase is sending and reading, nothing else
		List<CallbackLoad.Prepared> e1Callbacks = load.prepare(callbacks(e1Orders));
		t = Instant.now();
		cpu0 = Sys.cpuSnapshot(pids);
		Map<String, Double> jit0 = Sys.compilerCpuSnapshot(pids);
		long loadStart = System.currentTimeMillis();
		CallbackLoad.Result e1 = load.closedLoop(e1Callbacks, this.scale.threads(), this.scale.e2eSeconds());
		long loadEnd = System.currentTimeMillis();
		long e1Accepted = e1.acceptedAt().size();
		awaitFlows(prefix(run, "E1"), e1Accepted, Duration.ofSeconds(180));
		Map<String, Double> e2eCpu = Sys.delta(cpu0, Sys.cpuSnapshot(pids));
		Map<String, Double> e2eJit = Sys.delta(jit0, Sys.compilerCpuSnapshot(pids));
		Map<String, Long> dbStatus = Db.delta(dbStatusBefore, this.db.status("Innodb_os_log_fsyncs",
				"Binlog_commits", "Binlog_group_commits", "Com_commit"));
		phase("e2e max", t);
		Instant[] e2eWindow = this.windows.get("e2e max");
		Map<String, Double> allocDelta = delta(allocBefore, allocated());
		Map<String, Long> e1Flows = this.db.flowTimes("payonce_trade", prefix(run, "E1"));
		this.acceptedTimes.addAll(e1.acceptedAt().values());
		long lastFlow = e1Flows.values().stream().mapToLong(Long::longValue).max().orElse(loadEnd);
		double e2eRate = e1Accepted / ((lastFlow - loadStart) / 1000.0);
		long steadyFrom = loadStart + 3000;
		long steadyCount = e1Flows.values().stream().filter(v -> v >= steadyFrom && v <= loadEnd).count();
		double steadyRate = steadyCount / ((loadEnd - steadyFrom) / 1000.0);
		this.log.printf("e2e: %d accepted at %.0f/s; all deducted %.1f s after the load started = %.0f payments/s"
				+ " (steady deductions/s under load %.0f)%n", e1Accepted, e1.acceptedPerSecond(),
				(lastFlow - loadStart) / 1000.0, e2eRate, steadyRate);
		if (e1Accepted + e1.failed() >= e1Orders.size()) {
			// the closed loop stopped when its orders did, not at the phase's end: the rate is still payments over the
			// time to the last deduction, but the load did not last the phase (raise Scale.e2eOrders)
			this.log.printf("e2e: WARNING the senders used all %d orders before %.0f s%n", e1Orders.size(),
					this.scale.e2eSeconds());
			this.report.facts.put("e2eOrdersExhausted", true);
		}

		double halfRate = Math.max(1, e2eRate / 2);
		this.log.printf("== end to end at half load: %.0f callbacks/s for %.0f s (open loop)%n", halfRate,
				this.scale.halfSeconds());
		List<CallbackLoad.Prepared> e2Callbacks = load.prepare(callbacks(e2Orders));
		t = Instant.now();
		CallbackLoad.Result e2 = load.openLoop(e2Callbacks, halfRate, this.scale.halfSeconds());
		awaitFlows(prefix(run, "E2"), e2.acceptedAt().size(), Duration.ofSeconds(120));
		phase("e2e half load", t);
		this.acceptedTimes.addAll(e2.acceptedAt().values());
		Map<String, Long> e2Flows = this.db.flowTimes("payonce_trade", prefix(run, "E2"));
		// To the commit: the consumer's DELIVERY fact (decision FIRST) on pay.timeline, stamped and published after
		// the poll's deductions committed (PaySuccessHandler), an upper bound of the commit. The flow's created_at
		// (the statement's time inside the transaction, issue 8's measure) is the lower bound; both are kept.
		List<TimelineFact> e2Facts = this.kafka
			.readUntil(Topic.PAY_TIMELINE.topicName(), prefix(run, "E2"), Benchmark::isFirstDelivery,
					e2.acceptedAt().size(), Duration.ofSeconds(60))
			.stream()
			.filter(Benchmark::isFirstDelivery)
			.map((record) -> TimelineFactCodec.decode(record.value()))
			.toList();
		Map<String, Long> e2Commits = Latency.deductionCommits(e2Facts);
		Latency.Distribution toCommit = Latency.between(e2.acceptedAt(), e2Commits);
		Latency.Distribution toStart = Latency.between(e2.acceptedAt(), e2Flows);
		Latency.Distribution startToFact = Latency.between(e2Flows, e2Commits);
		long[] lat = toCommit.sortedMillis();
		String p50 = Report.num(toCommit.p50());
		String p99 = Report.num(toCommit.p99());
		String p999 = Report.num(toCommit.p999());
		this.log.printf("half load: %d accepted (%.0f/s achieved, %d failed, %d sent late)%n  accepted -> deduction committed"
				+ " (consumer's FIRST fact): %s%n  accepted -> deduction transaction started (flow created_at, issue"
				+ " 8): %s%n  flow created_at -> FIRST fact (the commit lies between): %s%n", e2.acceptedAt().size(),
				e2.acceptedPerSecond(), e2.failed(), e2.late(), toCommit.summary(), toStart.summary(), startToFact.summary());
		// where the latency goes: accepted -> relayed (the pay.success record's timestamp, set by the relay's
		// producer) and relayed -> deduction
		List<ConsumerRecord<String, byte[]>> e2Records = this.kafka.readAll(topicPay, prefix(run, "E2"),
				e2.acceptedAt().size());
		List<Long> toRelay = new ArrayList<>();
		List<Long> toDeduct = new ArrayList<>();
		for (ConsumerRecord<String, byte[]> record : e2Records) {
			Long acceptedAt = e2.acceptedAt().get(record.key());
			Long flow = e2Flows.get(record.key());
			if (acceptedAt != null && flow != null) {
				toRelay.add(record.timestamp() - acceptedAt);
				toDeduct.add(flow - record.timestamp());
			}
		}
		long[] hop1 = toRelay.stream().mapToLong(Long::longValue).sorted().toArray();
		long[] hop2 = toDeduct.stream().mapToLong(Long::longValue).sorted().toArray();
		this.log.printf("latency by hop: accepted -> relayed to Kafka p50 %d / p99 %d ms; relayed -> deduction p50 %d"
				+ " / p99 %d ms%n", Report.percentile(hop1, 50), Report.percentile(hop1, 99),
				Report.percentile(hop2, 50), Report.percentile(hop2, 99));
		checks.add(pipelineCheck("e2eMax", prefix(run, "E1"), e1Orders, e1Accepted));
		checks.add(pipelineCheck("e2eHalf", prefix(run, "E2"), e2Orders, e2.acceptedAt().size()));
		ExactlyOnce.Verdict exactlyOnce = new ExactlyOnce.Verdict(checks);

		// every deduction of the pipeline, for the throughput chart
		this.deductedTimes.addAll(this.db.flowTimes("payonce_trade", prefix(run, "")).values());

		// ---- profiles -------------------------------------------------------------------------------------
		Map<String, Profiles.Summary> profiles = profiles();

		// ---- the table -------------------------------------------------------------------------------------
		double perPaymentLimitByDesign = rawCommits / COMMITS_PER_PAYMENT;
		double commitsPerPayment = dbStatus.getOrDefault("Com_commit", 0L) / (double) Math.max(1, e1Accepted);
		double perPaymentLimit = rawCommits / Math.max(commitsPerPayment, 1e-9);
		double guardedCpuUnique = 1000 * consumerUnique[1] / gAccepted;
		double guardedCpuMix = 1000 * consumerMix[1] / mix.size();
		Report r = this.report;
		r.failure = exactlyOnce.headline();

		r.section("consumers at equal batching (the headline: one transaction and offset commit per poll of "
				+ BaselineConsumer.MAX_POLL_RECORDS + ", the guarded consumer's max-poll-records)");
		r.add("guarded consumer, unique records", consumerUnique[0], "rec/s", "naive loop, 1 tx per poll",
				naiveBatched.perSecond(), Targets.GUARDED_VS_NAIVE_BATCHED,
				Targets.ratio(consumerUnique[0], naiveBatched.perSecond()));
		r.add("CPU per record: guarded consumer process, unique", guardedCpuUnique, "ms",
				"naive loop threads, 1 tx per poll", naiveBatched.cpuMillisPerRecord(), Targets.CPU_VS_NAIVE_BATCHED,
				Targets.ratio(guardedCpuUnique, naiveBatched.cpuMillisPerRecord()));
		r.add("guarded consumer, 30 % duplicates", consumerMix[0], "rec/s", "db-only dedupe, 1 tx per poll",
				dbDedupeBatched.perSecond(), Targets.GUARDED_VS_DEDUPE_BATCHED,
				Targets.ratio(consumerMix[0], dbDedupeBatched.perSecond()));
		r.add("CPU per record: guarded consumer process, 30 % duplicates", guardedCpuMix, "ms",
				"db-only dedupe threads, 1 tx per poll", dbDedupeBatched.cpuMillisPerRecord(), "", null);
		// the threads leave out GC, JIT and the Kafka client's other threads, which the guarded process's figure
		// holds: the harness process over the same span is the fairer (upper) figure for the loops
		r.add("CPU per record: guarded consumer process, unique", guardedCpuUnique, "ms",
				"naive loop, harness process, 1 tx per poll", naiveBatched.processCpuMillisPerRecord(), "", null);
		r.add("CPU per record: guarded consumer process, 30 % duplicates", guardedCpuMix, "ms",
				"db-only dedupe, harness process, 1 tx/poll", dbDedupeBatched.processCpuMillisPerRecord(), "",
				null);
		r.add("DB statements per deduction: guarded consumer", consumerStatements, "stmts", "naive loop (per record)",
				naiveStatements, "", null);

		r.section("consumers against the incident's per-record loops (issue 8's reference: one transaction and"
				+ " offset commit per record)");
		r.add("guarded consumer, unique records", consumerUnique[0], "rec/s", "naive loop, 1 tx per record",
				naive.perSecond(), Targets.ISSUE8_GUARDED_VS_NAIVE, Targets.ratio(consumerUnique[0], naive.perSecond()));
		r.add("CPU per record: guarded consumer process, unique", guardedCpuUnique, "ms",
				"naive loop threads, 1 tx per record", naive.cpuMillisPerRecord(), "", null);
		r.add("guarded consumer, 30 % duplicates", consumerMix[0], "rec/s", "db-only dedupe, 1 tx per record",
				dbDedupe.perSecond(), Targets.ISSUE8_GUARDED_VS_DEDUPE, Targets.ratio(consumerMix[0],
						dbDedupe.perSecond()));
		r.add("CPU per record: guarded consumer process, 30 % duplicates", guardedCpuMix, "ms",
				"db-only dedupe threads, 1 tx per record", dbDedupe.cpuMillisPerRecord(), "", null);
		r.add("naive loop, unique records, 1 tx per record", naive.perSecond(), "rec/s", "raw commits/s, 3 conn",
				rawCommitsConsumer, "", null);
		r.add("guarded consumer, unique records (vs limit)", consumerUnique[0], "rec/s", "raw commits/s, 3 conn",
				rawCommitsConsumer, "", null);

		r.section("end to end (" + this.scale.threads() + " closed-loop senders for " + this.scale.e2eSeconds()
				+ " s, then half of that rate open loop)");
		r.add("e2e payments/s (accepted -> deducted)", e2eRate, "pay/s", "", 0, Targets.E2E_RATE, e2eRate);
		r.add("e2e steady deductions/s during max load", steadyRate, "pay/s", "callbacks accepted/s",
				e1.acceptedPerSecond(), "", null);
		double e2eCpuTotal = sumExcept(e2eCpu, LOAD_GENERATOR);
		double pipelineCpu = 1000 * e2eCpuTotal / e1Accepted;
		r.add("CPU per payment, pipeline processes (not the load generator)", pipelineCpu, "ms", "", 0,
				Targets.PIPELINE_CPU, pipelineCpu);
		double cores = Runtime.getRuntime().availableProcessors();
		r.add("CPU-bound ceiling: cores / pipeline CPU per payment", cores * e1Accepted / e2eCpuTotal, "pay/s",
				"e2e payments/s measured", e2eRate, "", null);
		for (Map.Entry<String, Double> e : e2eCpu.entrySet()) {
			if (!LOAD_GENERATOR.equals(e.getKey())) {
				r.add("  CPU per payment: " + e.getKey(), 1000 * e.getValue() / e1Accepted, "ms", "", 0, "", null);
			}
		}
		// The JIT's share: compilation still running in the measured phase is a cost of a young process, not of a
		// payment; shown so that a reader sees how much of the figure above it is (the target is judged on the whole).
		double jitTotal = sumExcept(e2eJit, LOAD_GENERATOR);
		r.add("  of which JIT compilation (C1/C2 compiler threads, all processes)", 1000 * jitTotal / e1Accepted, "ms",
				"the pipeline's", pipelineCpu, "", null);
		r.add("CPU per payment, pipeline processes, without JIT compilation", 1000 * (e2eCpuTotal - jitTotal)
				/ e1Accepted, "ms", "", 0, "", null);
		r.add("CPU per payment: load generator (apart from the pipeline)",
				1000 * e2eCpu.get(LOAD_GENERATOR) / e1Accepted, "ms", "the pipeline's", pipelineCpu, "", null);
		r.add("  of which its sender threads (ThreadMXBean)", e1.senderCpuMillisPerPayment(), "ms", "", 0, "", null);
		r.add("latency p50, accepted -> deduction committed, half load (" + (long) halfRate + "/s)", toCommit.p50(),
				"ms", "", 0, "", null);
		r.add("latency p99, accepted -> deduction committed", toCommit.p99(), "ms", "", 0, Targets.LATENCY_TO_COMMIT,
				toCommit.p99());
		r.add("latency p99.9, accepted -> deduction committed", toCommit.p999(), "ms", "", 0, "", null);
		r.add("  issue 8's measure: accepted -> transaction started, p50", toStart.p50(), "ms", "p99",
				toStart.p99(), "", null);
		r.add("  issue 8's measure: accepted -> transaction started, p99.9", toStart.p999(), "ms", "", 0,
				"", null);
		r.add("  transaction started -> commit fact (commit between), p50", startToFact.p50(), "ms", "p99",
				startToFact.p99(), "", null);
		r.add("  hop accepted -> relayed to Kafka, p50", Report.percentile(hop1, 50), "ms", "p99",
				Report.percentile(hop1, 99), "", null);
		r.add("  hop relayed -> deduction transaction started, p50", Report.percentile(hop2, 50), "ms", "p99",
				Report.percentile(hop2, 99), "", null);
		r.add("durable commits per payment, measured in e2e max", commitsPerPayment, "commits",
				"by design, one per record", COMMITS_PER_PAYMENT, "", null);
		long deadlocks = this.db.status("Innodb_deadlocks").getOrDefault("Innodb_deadlocks", 0L) - this.deadlocksAtStart;
		r.facts.put("mariadbDeadlocksInTheRun", deadlocks);
		r.add("MariaDB deadlocks in the whole run (each transaction rolled back is redone)", deadlocks, "deadlocks",
				"", 0, "", null);
		r.add("e2e payments/s vs the DB limit per payment", e2eRate, "pay/s", "raw commits/s / measured",
				perPaymentLimit, "", null);
		for (Map.Entry<String, Double> e : allocDelta.entrySet()) {
			r.add("  allocated per payment: " + e.getKey(), e.getValue() / e1Accepted / 1024, "KiB", "", 0, "",
					null);
		}

		r.section("each component alone");
		r.add("gateway callbacks/s alone", gatewayRun.acceptedPerSecond(), "cb/s", "raw commits/s (1 per callback)",
				rawCommits, "", null);
		r.add("DB statements per callback: gateway", gatewayStatements, "stmts", "", 0, "", null);
		r.add("relay catch-up events/s (from resume)", relayRate, "ev/s", "raw Kafka produce", rawProduce,
				Targets.RELAY, relayRate);
		r.add("relay catch-up events/s (record timestamps)", relayRateTs, "ev/s", "raw Kafka produce", rawProduce,
				"", null);
		r.add("guarded consumer, duplicates only (Redis)", consumerDups[0], "rec/s", "raw Kafka consume",
				rawConsume, Targets.DUPLICATES, consumerDups[0]);
		r.add("DB statements during the duplicates phase", dbStatements, "stmts", "duplicates consumed",
				dups.size(), Targets.DUPLICATES_NO_DB, dbStatements);
		r.add("allocated per record: naive loop threads, 1 tx per record",
				naive.allocatedBytes() / (double) naive.records() / 1024, "KiB", "", 0, "", null);

		r.section("the machine's limits (same run)");
		r.add("limit: raw durable commits/s (" + this.scale.threads() + " conn)", rawCommits, "commit/s", "", 0, "",
				null);
		r.add("limit: raw durable commits/s (" + CONSUMER_THREADS + " conn = consumer threads)", rawCommitsConsumer,
				"commit/s", "", 0, "", null);
		r.add("limit: raw commits/s / " + COMMITS_PER_PAYMENT + " commits per payment", perPaymentLimitByDesign,
				"pay/s", "", 0, "", null);
		r.add("limit: raw commits/s / measured commits per payment", perPaymentLimit, "pay/s", "", 0, "", null);
		r.add("  one durable commit at 3 connections (in the commit latency)", 1000.0 * CONSUMER_THREADS
				/ rawCommitsConsumer, "ms", "", 0, "", null);
		r.add("MariaDB CPU per raw commit (upper bound)", 1000 * mariaDbCpuPerRawCommit, "ms",
				"MariaDB CPU per payment, e2e", 1000 * e2eCpu.get("mariadb") / e1Accepted, "", null);
		r.add("limit: raw Kafka produce (acks=all)", rawProduce, "rec/s", "", 0, "", null);
		r.add("limit: raw Kafka consume", rawConsume, "rec/s", "", 0, "", null);

		// ---- facts, output ---------------------------------------------------------------------------------
		Map<String, Object> checkFacts = new LinkedHashMap<>();
		exactlyOnce.checks().forEach((check) -> checkFacts.put(check.name(), check.toMap()));
		checkFacts.put("duplicatesCountedByConsumerAsRedisDuplicate", dupRedis);
		checkFacts.put("passed", exactlyOnce.passed());
		checkFacts.put("failures", exactlyOnce.failures());
		r.facts.put("exactlyOnceChecks", checkFacts);
		r.facts.put("cpuSecondsByProcess", Map.of("gatewayAlone", gatewayCpu, "relayCatchUp", relayCpu,
				"e2eMax", e2eCpu));
		r.facts.put("jitCompilerCpuSecondsDuringE2eMax", e2eJit);
		r.facts.put("mariadbDuringE2eMax", dbStatus);
		r.facts.put("dbStatementsDuringDuplicates", dbDuring);
		r.facts.put("e2e", Map.of("accepted", e1Accepted, "acceptedPerSecond", e1.acceptedPerSecond(), "failed",
				e1.failed(), "secondsToLastDeduction", (lastFlow - loadStart) / 1000.0, "window",
				e2eWindow[0] + " .. " + e2eWindow[1], "loadGeneratorSenderCpuSeconds", e1.senderCpuSeconds()));
		r.facts.put("halfLoad", Map.of("targetRate", halfRate, "achievedRate", e2.acceptedPerSecond(), "accepted",
				e2.acceptedAt().size(), "failed", e2.failed(), "late", e2.late(), "toCommit", toCommit.summary(), "toTransactionStart",
				toStart.summary(), "transactionStartToCommitFact", startToFact.summary()));
		r.facts.put("naive", naive.toString());
		r.facts.put("naiveBatched", naiveBatched.toString());
		r.facts.put("dbDedupeBatched", dbDedupeBatched.toString());
		r.facts.put("dbDedupe", dbDedupe.toString());
		Map<String, Object> prof = new LinkedHashMap<>();
		profiles.forEach((k, v) -> prof.put(k, Map.of("samples", v.samples(), "topMethods", v.topMethods(),
				"topPackages", v.topPackages(), "topPayonceFrames", v.topPayonceFrames(), "workerWaitMillis",
				v.waitMillis())));
		r.facts.put("profiles", prof);
		r.facts.put("loadAverageAtEnd", Sys.loadAverage());
		r.facts.put("finishedAt", Instant.now().toString());
		r.facts.put("durationSeconds", Duration.between(started, Instant.now()).toSeconds());

		this.log.println();
		this.log.println("== MariaDB during e2e max: " + dbStatus + " (commits per binlog group commit "
				+ String.format(Locale.ROOT, "%.2f", dbStatus.getOrDefault("Binlog_commits", 0L)
						/ (double) Math.max(1, dbStatus.getOrDefault("Binlog_group_commits", 1L)))
				+ ")");
		this.log.println("== CPU seconds during e2e max (" + e1Accepted + " payments, "
				+ String.format(Locale.ROOT, "%.1f", (lastFlow - loadStart) / 1000.0) + " s): " + e2eCpu
				+ "; of which JIT compiler threads: " + e2eJit);
		this.log.println("== profiles (JFR jdk.ExecutionSample, share of samples by top frame)");
		profiles.forEach((k, v) -> this.log.printf("  %s: %d samples%n    methods %s%n    packages %s%n"
				+ "    innermost io.payonce frame %s%n    worker-thread waits >= 1 ms, total ms: %s%n", k, v.samples(),
				fmt(v.topMethods()), fmt(v.topPackages()), fmt(v.topPayonceFrames()), fmtMs(v.waitMillis())));
		this.log.println("== exactly-once checks: " + checkFacts);
		this.log.println();
		if (!r.failure.isEmpty()) {
			this.log.println(r.failure);
		}
		this.log.printf("RESULTS (scale %s, %s, load average at start %s (1-min %.2f), at end %s)%n",
				this.scale.name(), started, r.facts.get("loadAverageAtStart"), loadAtStart, Sys.loadAverage());
		r.print(this.log);
		Files.writeString(this.out.resolve("table.txt"), r.table(String.format(Locale.ROOT, "PayOnce benchmark, scale"
				+ " %s, started %s, load average at start %s, at the first phase %s (%s), at end %s", this.scale.name(),
				started, r.facts.get("loadAverageAtStart"), loadAtFirstPhase, gate.message(), Sys.loadAverage())));
		r.writeJson(this.out.resolve("results.json"));
		List<Long> baselineTimes = new ArrayList<>(this.db.flowTimes("bench_naive", prefix(run, "")).values());
		baselineTimes.addAll(this.db.flowTimes("bench_dedupe", prefix(run, "")).values());
		r.drawPng(this.out.resolve("throughput-latency.png"), this.acceptedTimes, this.deductedTimes, baselineTimes,
				lat, "PayOnce " + this.scale.name() + " run " + started + " (load avg at start "
						+ r.facts.get("loadAverageAtStart")
						+ "): accepted -> committed p50 " + p50 + " ms, p99 " + p99 + " ms, p99.9 " + p999 + " ms at "
						+ (long) halfRate + "/s");
		if (!exactlyOnce.passed()) {
			this.log.println(exactlyOnce.headline());
			return 1;
		}
		return 0;
	}

	private static String fmtMs(Map<String, Double> millis) {
		StringBuilder sb = new StringBuilder();
		millis.forEach((k, v) -> sb.append(k).append(' ').append(String.format(Locale.ROOT, "%.0f", v)).append(", "));
		return sb.toString();
	}

	private static String fmt(Map<String, Double> shares) {
		StringBuilder sb = new StringBuilder();
		shares.forEach((k, v) -> sb.append(k).append(' ').append(String.format(Locale.ROOT, "%.1f%%", v)).append(", "));
		return sb.toString();
	}

	private static double sumExcept(Map<String, Double> values, String except) {
		return values.entrySet()
			.stream()
			.filter(e -> !e.getKey().equals(except))
			.mapToDouble(Map.Entry::getValue)
			.sum();
	}

	/**
	 * JFR's default settings, but socket reads/writes and parks recorded from 1 ms instead of 20 ms: enough to see
	 * where a worker thread waits (a durable commit, a Redis round trip under load) without an event per packet.
	 */
	private static Path benchJfc(Path dir) throws IOException {
		String settings = Files.readString(Path.of(System.getProperty("java.home"), "lib", "jfr", "default.jfc"));
		for (String event : List.of("jdk.ThreadPark", "jdk.SocketRead", "jdk.SocketWrite")) {
			settings = settings.replaceFirst("(?s)(<event name=\"" + Pattern.quote(event)
					+ "\">.*?<setting name=\"threshold\"[^>]*>)20 ms(</setting>)", "$11 ms$2");
		}
		Path file = dir.resolve("bench.jfc");
		Files.writeString(file, settings);
		return file;
	}

	/** Dumps each service's JFR recording and summarises the windows that matter for the targets. */
	private Map<String, Profiles.Summary> profiles() throws IOException {
		Map<String, Path> dumps = new LinkedHashMap<>();
		for (ServiceProcess service : this.services.values()) {
			Path file = this.out.resolve(service.service() + ".jfr");
			String result = Sys.run(List.of(Sys.jcmd(), Long.toString(service.pid()), "JFR.dump", "name=bench",
					"filename=" + file), 60);
			if (!Files.isRegularFile(file)) {
				this.log.println("JFR dump of " + service.service() + " failed: " + result.trim());
			}
			dumps.put(service.service(), file);
		}
		Map<String, Profiles.Summary> summaries = new LinkedHashMap<>();
		Path own = this.out.resolve("benchmark.jfr");
		this.recording.dump(own);
		this.recording.close();
		Instant[] e2e = this.windows.get("e2e max");
		if (e2e != null) {
			summaries.put("e2e max / " + LOAD_GENERATOR,
					Profiles.summarise(LOAD_GENERATOR, own, e2e[0], e2e[1], 6, "bench-sender", ports()));
		}
		String[][] wanted = { { "e2e max", GATEWAY }, { "e2e max", RELAY }, { "e2e max", CONSUMER },
				{ "gateway alone", GATEWAY }, { "relay catch-up", RELAY }, { "consumer unique", CONSUMER },
				{ "consumer duplicates", CONSUMER }, { "consumer 30% dup", CONSUMER } };
		for (String[] w : wanted) {
			Instant[] window = this.windows.get(w[0]);
			if (window != null) {
				String workers = GATEWAY.equals(w[1]) ? "http-nio" : CONSUMER.equals(w[1]) ? "-C-" : "";
				summaries.put(w[0] + " / " + w[1],
						Profiles.summarise(w[1], dumps.get(w[1]), window[0], window[1], 6, workers, ports()));
			}
		}
		return summaries;
	}

	private static boolean isFirstDelivery(ConsumerRecord<String, byte[]> record) {
		try {
			TimelineFact fact = TimelineFactCodec.decode(record.value());
			return fact.step() == TimelineFact.Step.DELIVERY && Latency.FIRST.equals(fact.decision())
					&& Latency.CONSUMER_SERVICE.equals(fact.service());
		}
		catch (RuntimeException ex) {
			return false; // not a fact this reader can read: not a commit time
		}
	}

	/** A set of callbacks through the whole pipeline: every payment the gateway holds must be deducted once. */
	private ExactlyOnce.Check pipelineCheck(String name, String prefix, List<Db.Order> set, long accepted)
			throws java.sql.SQLException {
		return this.db.exactlyOnceCheck(name, "payonce_trade", prefix, set, this.db.gatewayPayments(prefix),
				accepted);
	}

	/** MariaDB's count of client statements (Questions), for round trips per record. */
	private long questions() throws java.sql.SQLException {
		return this.db.status("Questions").getOrDefault("Questions", 0L);
	}

	private Map<Integer, String> ports() {
		Map<Integer, String> ports = new java.util.HashMap<>();
		ports.put(this.stack.mariaDb().port(), "mariadb");
		ports.put(this.stack.redis().port(), "redis");
		ports.put(this.stack.config().kafkaPort(), "kafka");
		return ports;
	}

	/** Resumes the paused consumer and waits until its group committed {@code target}: [records/s, CPU s]. */
	private double[] consumeBacklog(ServiceProcess consumer, String topic, long target, Map<String, Long> pids,
			String name) throws Exception {
		return consumeBacklog(consumer, topic, target, target - this.kafka.committedSum(CONSUMER_GROUP, topic), pids,
				name);
	}

	/** @param records how many records up to {@code target} (offsets also count transaction markers) */
	private double[] consumeBacklog(ServiceProcess consumer, String topic, long target, long records,
			Map<String, Long> pids, String name) throws Exception {
		Instant t = Instant.now();
		Map<String, Double> cpu0 = Sys.cpuSnapshot(pids);
		long start = System.nanoTime();
		consumer.resume();
		double seconds = this.kafka.awaitCommitted(CONSUMER_GROUP, topic, target, start, Duration.ofSeconds(240));
		Map<String, Double> cpu = Sys.delta(cpu0, Sys.cpuSnapshot(pids));
		phase(name, t);
		this.report.facts.put("cpuSeconds " + name, cpu);
		if (seconds < 0) {
			this.log.println(name + ": not consumed within the timeout");
			return new double[] { Double.NaN, cpu.get(CONSUMER) };
		}
		return new double[] { records / seconds, cpu.get(CONSUMER) };
	}

	private void awaitConsumerAssigned(String topic, int partitions) throws Exception {
		// the consumer commits nothing before it has records; a record nobody deducts would pollute the numbers,
		// so wait for its group to be stable instead (describe: members with assignments)
		long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
		try (org.apache.kafka.clients.admin.Admin admin = org.apache.kafka.clients.admin.Admin
			.create(Map.of("bootstrap.servers", this.stack.kafka().bootstrapServers()))) {
			while (System.nanoTime() < deadline) {
				try {
					var group = admin.describeConsumerGroups(List.of(CONSUMER_GROUP)).all().get().get(CONSUMER_GROUP);
					long assigned = group.members()
						.stream()
						.mapToLong(m -> m.assignment()
							.topicPartitions()
							.stream()
							.filter(tp -> tp.topic().equals(topic))
							.count())
						.sum();
					if (assigned >= partitions) {
						return;
					}
				}
				catch (java.util.concurrent.ExecutionException ex) {
					// not joined yet: GroupIdNotFoundException
				}
				Thread.sleep(200);
			}
		}
		throw new IllegalStateException("deduct-consumer did not get its partitions of " + topic);
	}

	private void awaitFlows(String prefix, long expected, Duration timeout) throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (this.db.countFlows("payonce_trade", prefix) >= expected) {
				return;
			}
			Thread.sleep(50);
		}
		this.log.println("not all deductions of " + prefix + " committed within " + timeout);
	}

	private void phase(String name, Instant from) {
		Instant to = Instant.now();
		this.windows.put(name, new Instant[] { from, to });
		this.report.phases.add(new Report.Phase(name, from.toEpochMilli(), to.toEpochMilli()));
	}

	/** jvm.gc.memory.allocated of each service after a full GC (the counter only moves at GCs). */
	private Map<String, Double> allocated() {
		Map<String, Double> values = new LinkedHashMap<>();
		for (ServiceProcess service : this.services.values()) {
			Sys.run(List.of(Sys.jcmd(), Long.toString(service.pid()), "GC.run"), 30);
			values.put(service.service(), metric(service, "jvm.gc.memory.allocated", ""));
		}
		return values;
	}

	private static Map<String, Double> delta(Map<String, Double> before, Map<String, Double> after) {
		return Sys.delta(before, after);
	}

	/** The consumer's own count of deliveries with this outcome and layer. */
	private static double deliveries(ServiceProcess consumer, String outcome, String layer) {
		return metric(consumer, "payonce.consumer.deliveries", "?tag=outcome:" + outcome + "&tag=layer:" + layer);
	}

	private static final HttpClient HTTP = HttpClient.newHttpClient();

	/** Metrics are for ops users; the services run with the local profile and its viewer. */
	private static final String LOCAL_VIEWER = "Basic " + java.util.Base64.getEncoder()
		.encodeToString("viewer:viewer-local".getBytes(java.nio.charset.StandardCharsets.UTF_8));

	private static final Pattern VALUE = Pattern.compile("\"value\"\\s*:\\s*([0-9.Ee+-]+)");

	private static double metric(ServiceProcess service, String name, String query) {
		try {
			HttpResponse<String> response = HTTP.send(
					HttpRequest.newBuilder(URI.create(service.managementUrl() + "/actuator/metrics/" + name + query))
						.header("Authorization", LOCAL_VIEWER)
						.timeout(Duration.ofSeconds(10))
						.build(),
					HttpResponse.BodyHandlers.ofString());
			Matcher m = VALUE.matcher(response.body());
			return (response.statusCode() == 200 && m.find()) ? Double.parseDouble(m.group(1)) : 0;
		}
		catch (IOException ex) {
			return Double.NaN;
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return Double.NaN;
		}
	}

	private static String prefix(String run, String set) {
		return "B" + run + "-" + set + (set.isEmpty() ? "" : "-");
	}

	private static List<Db.Order> orders(String run, String set, long userBase, int count) {
		List<Db.Order> orders = new ArrayList<>(count);
		for (int i = 0; i < count; i++) {
			String orderNo = prefix(run, set) + i;
			orders.add(new Db.Order(orderNo, "PAY-" + orderNo, userBase + i));
		}
		return orders;
	}

	private static List<PayCallback> callbacks(List<Db.Order> orders) {
		Instant paidAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		List<PayCallback> callbacks = new ArrayList<>(orders.size());
		for (Db.Order o : orders) {
			callbacks.add(PayCallback.success(o.payNo(), o.orderNo(), o.userId(), Db.AMOUNT, paidAt));
		}
		return callbacks;
	}

	/**
	 * New PaySuccess records for {@code orders}, each followed (for 3 of every 7) by a redelivery of the very same
	 * record: 30 % of all records are duplicates, always after their original in the same partition.
	 */
	private static List<ProducerRecord<String, byte[]>> mixWorkload(List<Db.Order> orders, String topic) {
		Instant paidAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
		List<ProducerRecord<String, byte[]>> records = new ArrayList<>();
		for (int i = 0; i < orders.size(); i++) {
			Db.Order o = orders.get(i);
			byte[] payload = EventCodec.encode(new PaySuccess(o.payNo(), o.orderNo(), o.userId(), Db.AMOUNT, "CNY",
					paidAt));
			String id = UUID.randomUUID().toString();
			ProducerRecord<String, byte[]> record = paySuccess(topic, o.orderNo(), payload, id);
			records.add(record);
			if (i % 7 < 3) {
				records.add(paySuccess(topic, o.orderNo(), payload, id));
			}
		}
		return records;
	}

	private static ProducerRecord<String, byte[]> paySuccess(String topic, String key, byte[] payload, String id) {
		ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, key, payload);
		record.headers().add(PayonceHeaders.EVENT_ID, id.getBytes(StandardCharsets.UTF_8));
		record.headers()
			.add(PayonceHeaders.EVENT_TYPE, EventType.PAY_SUCCESS.wireName().getBytes(StandardCharsets.UTF_8));
		return record;
	}

	/** The same key, value and headers (a redelivery), to another topic. */
	private static ProducerRecord<String, byte[]> copy(ConsumerRecord<String, byte[]> source, String topic) {
		ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, source.key(), source.value());
		for (Header h : source.headers()) {
			record.headers().add(h.key(), h.value());
		}
		return record;
	}

	private static ProducerRecord<String, byte[]> copy(ProducerRecord<String, byte[]> source, String topic) {
		ProducerRecord<String, byte[]> record = new ProducerRecord<>(topic, source.key(), source.value());
		for (Header h : source.headers()) {
			record.headers().add(h.key(), h.value());
		}
		return record;
	}

	static void deleteRecursively(Path dir) throws IOException {
		if (!Files.exists(dir)) {
			return;
		}
		try (var paths = Files.walk(dir)) {
			paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
		}
	}

	/** Writes to the console and keeps a copy for output.txt. */
	static final class TeeStream extends java.io.OutputStream {

		private final java.io.OutputStream a;

		private final java.io.OutputStream b;

		TeeStream(java.io.OutputStream a, java.io.OutputStream b) {
			this.a = a;
			this.b = b;
		}

		@Override
		public void write(int c) throws IOException {
			this.a.write(c);
			this.b.write(c);
		}

		@Override
		public void write(byte[] buf, int off, int len) throws IOException {
			this.a.write(buf, off, len);
			this.b.write(buf, off, len);
		}

		@Override
		public void flush() throws IOException {
			this.a.flush();
			this.b.flush();
		}

	}

}
