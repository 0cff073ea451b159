package io.payonce.e2e.faults;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.payonce.contract.Topic;
import io.payonce.e2e.support.Pipeline;
import io.payonce.e2e.support.TopicRecords;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import io.payonce.infra.ManagedNode;
import io.payonce.infra.ServiceProcess;
import io.payonce.platform.callback.CallbackClient;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

import static org.awaitility.Awaitility.await;

/**
 * One local stack and one set of service processes shared by every fault scenario: the gateway, the relay, one
 * or more deduct-consumer instances (a short {@code max.poll.interval.ms} and session timeout, so that a hung
 * instance loses its partitions within seconds) and the dlt-handler with a shortened retry ladder. A scenario
 * breaks something; {@link #heal()} restarts whatever is down before the next one. Also the observers
 * (pay.success, pay.success.terminal), the consumer metrics, the load generator and the invariants.
 */
final class FaultBench implements AutoCloseable {

	static final String GATEWAY = "producer-gateway";

	static final String RELAY = "outbox-relay";

	static final String CONSUMER = "deduct-consumer";

	static final String DLT = "dlt-handler";

	/** A hung consumer is out of its group after this (the broker's view: no heartbeat). */
	static final Duration CONSUMER_SESSION_TIMEOUT = Duration.ofSeconds(6);

	/** A consumer that polls no more within this leaves its group (the client's view). */
	static final Duration CONSUMER_MAX_POLL_INTERVAL = Duration.ofSeconds(10);

	/** The shortened retry ladder of the dlt-handler: attempts 1, 2, 3; a failed attempt 3 is terminal. */
	static final String RETRY_TIERS = "1s,2s";

	static final int MAX_RETRIES = 2;

	static final String CONSOLE_ADMIN = "admin";

	static final String CONSOLE_ADMIN_PASSWORD = "admin-local";

	private static final Duration HEALTH_TIMEOUT = Duration.ofMinutes(4);

	/** How long a running service may take to report UP again once the stack is whole. */
	static final Duration RECOVERY_TIMEOUT = Duration.ofSeconds(45);

	private final LocalStack stack;

	private final Path serviceDir;

	private final Map<String, ServiceProcess> services = new LinkedHashMap<>();

	private final List<ServiceProcess> consumers = new CopyOnWriteArrayList<>();

	private int consumerInstances;

	private final String runId = UUID.randomUUID().toString().substring(0, 6);

	private final long userBase = 9_100_000_000L + ThreadLocalRandom.current().nextLong(0, 800) * 1_000_000L;

	private int scopes;

	private final Seeder seeder;

	private final Invariants invariants;

	private final TopicRecords paySuccess;

	private final TopicRecords terminal;

	private final ConsumerMetrics metrics = new ConsumerMetrics();

	private LoadGenerator load;

	private final KafkaProducer<String, byte[]> producer;

	private FaultBench(LocalStack stack) {
		this.stack = stack;
		this.serviceDir = stack.dataDir().resolve("services");
		this.seeder = new Seeder(stack.mariaDb().port());
		int port = stack.mariaDb().port();
		this.invariants = new Invariants(() -> connect(port, LocalDatabase.TRADE),
				() -> connect(port, LocalDatabase.GATEWAY));
		this.paySuccess = new TopicRecords(stack.kafka().bootstrapServers(), Topic.PAY_SUCCESS);
		this.terminal = new TopicRecords(stack.kafka().bootstrapServers(), Topic.PAY_SUCCESS_TERMINAL);
		Properties props = new Properties();
		props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, stack.kafka().bootstrapServers());
		props.put(ProducerConfig.ACKS_CONFIG, "all");
		props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
		props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
		this.producer = new KafkaProducer<>(props);
	}

	/** Launches the services side by side and waits until each reports UP; on failure stops what it started. */
	static FaultBench start(LocalStack stack) {
		List<ServiceProcess> launched = new ArrayList<>();
		try {
			Files.createDirectories(stack.dataDir().resolve("services"));
			FaultBench bench = new FaultBench(stack);
			launched.add(bench.launch(RELAY, RELAY, stack.serviceEnvironment(RELAY)));
			launched.add(bench.launchConsumer());
			launched.add(bench.launch(GATEWAY, GATEWAY, stack.serviceEnvironment(GATEWAY)));
			launched.add(bench.launch(DLT, DLT, bench.dltEnvironment()));
			bench.load = new LoadGenerator(bench.callbacks(), 8);
			for (ServiceProcess service : launched) {
				service.awaitHealthy(HEALTH_TIMEOUT);
			}
			return bench;
		}
		catch (IOException ex) {
			launched.forEach(ServiceProcess::stop);
			throw new UncheckedIOException(ex);
		}
		catch (RuntimeException ex) {
			launched.forEach(ServiceProcess::stop);
			throw ex;
		}
	}

	private ServiceProcess launch(String name, String module, Map<String, String> environment) {
		ServiceProcess service = ServiceProcess.launch(name, Pipeline.execJar(module), freePort(), environment,
				this.serviceDir);
		this.services.put(name, service);
		return service;
	}

	private ServiceProcess launchConsumer() {
		this.consumerInstances++;
		String name = this.consumerInstances == 1 ? CONSUMER : CONSUMER + "-" + this.consumerInstances;
		ServiceProcess consumer = launch(name, CONSUMER, consumerEnvironment());
		this.consumers.add(consumer);
		return consumer;
	}

	/** One more deduct-consumer instance in the same group, healthy on return. */
	ServiceProcess addConsumer() {
		ServiceProcess consumer = launchConsumer();
		consumer.awaitHealthy(HEALTH_TIMEOUT);
		return consumer;
	}

	/** Stops (SIGTERM) a consumer instance and forgets it: the group rebalances to the others. */
	void removeConsumer(ServiceProcess consumer) {
		this.metrics.scrape(List.of(consumer));
		consumer.stop();
		this.consumers.remove(consumer);
		this.services.remove(consumer.service());
	}

	/**
	 * One more outbox-relay instance of the same relay (same server name: same group, same transactional id); it
	 * joins as a standby while another leads. UP on return.
	 */
	ServiceProcess addRelay(String name) {
		ServiceProcess relay = launch(name, RELAY, this.stack.serviceEnvironment(RELAY));
		relay.awaitHealthy(HEALTH_TIMEOUT);
		return relay;
	}

	private Map<String, String> consumerEnvironment() {
		Map<String, String> env = new LinkedHashMap<>(this.stack.serviceEnvironment(CONSUMER));
		env.put("SPRING_KAFKA_CONSUMER_PROPERTIES_MAX_POLL_INTERVAL_MS",
				Long.toString(CONSUMER_MAX_POLL_INTERVAL.toMillis()));
		env.put("SPRING_KAFKA_CONSUMER_PROPERTIES_SESSION_TIMEOUT_MS",
				Long.toString(CONSUMER_SESSION_TIMEOUT.toMillis()));
		env.put("SPRING_KAFKA_CONSUMER_PROPERTIES_HEARTBEAT_INTERVAL_MS", "2000");
		return env;
	}

	private Map<String, String> dltEnvironment() {
		Map<String, String> env = new LinkedHashMap<>(this.stack.serviceEnvironment(DLT));
		env.put("PAYONCE_DLT_RETRY_TIERS", RETRY_TIERS);
		env.put("PAYONCE_DLT_RETRY_MAX_RETRIES", Integer.toString(MAX_RETRIES));
		env.put("PAYONCE_DLT_CONSOLE_AUDIT_TOPIC", "e2e.faults.audit." + this.runId);
		return env;
	}

	/** A fresh scope: its own orderNo prefix and 100,000 userIds. */
	synchronized Scope scope(String name) {
		this.scopes++;
		String code = String.format("S%02d", this.scopes);
		long firstUser = this.userBase + this.scopes * 100_000L;
		return new Scope(code + " " + name, "E2E-" + this.runId + "-" + code + "-", firstUser, firstUser + 99_999L);
	}

	/**
	 * Restarts whatever a scenario left down: the nodes of the stack, then every service that is not running, or
	 * that does not report UP within {@link #RECOVERY_TIMEOUT} (its health answer and the end of its log go into
	 * the returned notes, then it is stopped and started). Returns what it did, empty if nothing was needed.
	 */
	List<String> heal() {
		List<String> notes = new ArrayList<>();
		for (ManagedNode node : List.of(this.stack.mariaDb(), this.stack.redis(), this.stack.kafka())) {
			if (!node.isRunning()) {
				node.start();
				notes.add("restarted " + node.getClass().getSimpleName());
			}
		}
		for (ServiceProcess service : this.services.values()) {
			if (service.isRunning() && !service.isHealthy()) {
				long since = System.nanoTime();
				try {
					// a restart of Kafka or MariaDB leaves a service reconnecting for a while
					await().atMost(RECOVERY_TIMEOUT).pollInterval(Duration.ofSeconds(1)).until(service::isHealthy);
					notes.add(service.service() + " UP again after "
							+ Duration.ofNanos(System.nanoTime() - since).toSeconds() + " s");
				}
				catch (org.awaitility.core.ConditionTimeoutException ex) {
					notes.add(service.service() + " not UP " + RECOVERY_TIMEOUT.toSeconds() + " s after the fault healed ("
							+ health(service) + "; log: " + logTail(service, 3) + "), restarted");
					service.stop();
				}
			}
			if (!service.isRunning()) {
				service.start();
				if (this.consumers.contains(service)) {
					this.metrics.restarted(service);
				}
				notes.add("restarted " + service.service());
			}
		}
		return notes;
	}

	/** Health with its components (the local profile's viewer): what a note about a sick service should say. */
	private static final String LOCAL_VIEWER = "Basic " + java.util.Base64.getEncoder()
		.encodeToString("viewer:viewer-local".getBytes(java.nio.charset.StandardCharsets.UTF_8));

	static String health(ServiceProcess service) {
		try {
			java.net.http.HttpResponse<String> response = java.net.http.HttpClient.newHttpClient()
				.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(service.managementUrl() + "/actuator/health"))
					.header("Authorization", LOCAL_VIEWER)
					.timeout(Duration.ofSeconds(5))
					.build(), java.net.http.HttpResponse.BodyHandlers.ofString());
			return "health " + response.statusCode() + " " + response.body();
		}
		catch (IOException ex) {
			return "health unreachable: " + ex.getMessage();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return "interrupted";
		}
	}

	static String logTail(ServiceProcess service, int lines) {
		try (java.util.stream.Stream<String> log = Files.lines(service.logFile())) {
			List<String> all = log.filter(line -> line.contains("WARN") || line.contains("ERROR")).toList();
			return String.join(" | ", all.subList(Math.max(0, all.size() - lines), all.size()));
		}
		catch (IOException | UncheckedIOException ex) {
			return "unreadable";
		}
	}

	/** kill -9 of a service; its counters are scraped first. */
	void kill(ServiceProcess service) {
		if (this.consumers.contains(service)) {
			this.metrics.scrape(List.of(service));
		}
		service.kill();
	}

	/** Restarts a killed or stopped service and waits until it is healthy. */
	void restart(ServiceProcess service) {
		service.start();
		if (this.consumers.contains(service)) {
			this.metrics.restarted(service);
		}
	}

	/** Re-publishes these records to pay.success as they are (key, value, headers): a broker redelivery. */
	void redeliver(List<ConsumerRecord<String, byte[]>> records) {
		for (ConsumerRecord<String, byte[]> record : records) {
			this.producer.send(new ProducerRecord<>(Topic.PAY_SUCCESS.topicName(), null, record.key(), record.value(),
					record.headers()));
		}
		this.producer.flush();
	}

	/** Writes raw bytes to pay.success, bypassing the gateway and the relay. */
	void produceRaw(String key, byte[] value) {
		try {
			this.producer.send(new ProducerRecord<>(Topic.PAY_SUCCESS.topicName(), key, value)).get(30, TimeUnit.SECONDS);
		}
		catch (Exception ex) {
			throw new IllegalStateException("could not produce to pay.success: " + ex.getMessage(), ex);
		}
	}

	/** FLUSHALL on the stack's Redis over RESP: every idempotency key gone at once. */
	void flushRedis() {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.stack.redis().port())) {
			socket.setSoTimeout(5000);
			OutputStream out = socket.getOutputStream();
			out.write("*1\r\n$8\r\nFLUSHALL\r\n".getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			byte[] reply = new byte[5];
			int read = in.readNBytes(reply, 0, 5);
			String answer = new String(reply, 0, read, StandardCharsets.US_ASCII);
			if (!answer.startsWith("+OK")) {
				throw new IllegalStateException("FLUSHALL answered " + answer);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The events of the scope seen on pay.success, as the invariants read them. */
	List<Invariants.Event> events(Scope scope) {
		return this.paySuccess.withKeyPrefix(scope.prefix())
			.stream()
			.map(record -> new Invariants.Event(record.key(), TopicRecords.header(record, "id")))
			.toList();
	}

	Set<String> terminalKeys(Scope scope) {
		return this.terminal.withKeyPrefix(scope.prefix())
			.stream()
			.map(ConsumerRecord::key)
			.collect(Collectors.toSet());
	}

	List<ConsumerRecord<String, byte[]>> terminalRecords(Scope scope) {
		return this.terminal.withKeyPrefix(scope.prefix());
	}

	List<ConsumerRecord<String, byte[]>> paySuccessRecords(Scope scope) {
		return this.paySuccess.withKeyPrefix(scope.prefix());
	}

	CallbackClient callbacks() {
		return CallbackClient.local("http://127.0.0.1:" + service(GATEWAY).port());
	}

	ServiceProcess service(String name) {
		ServiceProcess service = this.services.get(name);
		if (service == null) {
			throw new IllegalArgumentException(name + " is not running here; running: " + this.services.keySet());
		}
		return service;
	}

	List<ServiceProcess> consumers() {
		return List.copyOf(this.consumers);
	}

	LocalStack stack() {
		return this.stack;
	}

	Seeder seeder() {
		return this.seeder;
	}

	Invariants invariants() {
		return this.invariants;
	}

	ConsumerMetrics metrics() {
		return this.metrics;
	}

	LoadGenerator load() {
		return this.load;
	}

	/** Stops every service it started (SIGTERM, then SIGKILL), the observers and the producer. */
	@Override
	public void close() {
		if (this.load != null) {
			this.load.close();
		}
		List<ServiceProcess> reverse = new ArrayList<>(this.services.values());
		java.util.Collections.reverse(reverse);
		reverse.forEach(ServiceProcess::stop);
		this.producer.close(Duration.ofSeconds(5));
		this.paySuccess.close();
		this.terminal.close();
	}

	private static java.sql.Connection connect(int port, LocalDatabase database) throws java.sql.SQLException {
		return DriverManager.getConnection("jdbc:mariadb://127.0.0.1:" + port + "/" + database.schema(),
				database.user(), database.password());
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
