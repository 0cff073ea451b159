package io.payonce.dlt.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * kill -9 of the handler while records wait for their backoff: after a restart (on an empty state folder,
 * so the pending store must come back from its changelog) each record is released exactly once.
 */
class KillNineKeepsPendingRetriesIT {

	private static final int RECORDS = 10;

	@RegisterExtension
	final HandlerGroup handlers = new HandlerGroup();

	private final KafkaTestClient kafka = new KafkaTestClient(this.handlers.bootstrap());

	@Test
	void pendingRetriesSurviveAKillNineAndAreReleasedExactlyOnce() throws Exception {
		Path dir = Files.createTempDirectory("dlt-kill9-");
		String applicationId = "dlt-kill9-" + UUID.randomUUID();
		String batch = UUID.randomUUID().toString().substring(0, 8);

		// given a handler with a 120 s first tier that has taken RECORDS retry records into its store
		HandlerProcess first = start(applicationId, dir.resolve("state-1"), dir.resolve("handler-1.log"));
		// (this machine is shared: a JVM may take minutes to start, and the backoff runs from the send)
		await().atMost(Duration.ofMinutes(5)).pollInterval(Duration.ofSeconds(1)).until(first::streamsRunning);
		List<String> eventIds = new ArrayList<>();
		List<KafkaTestClient.Outgoing> records = new ArrayList<>();
		for (int i = 0; i < RECORDS; i++) {
			String eventId = batch + "-" + i;
			eventIds.add(eventId);
			records.add(KafkaTestClient.Outgoing.lowBalanceRetry(eventId, "K9-" + eventId));
		}
		this.kafka.send(records);
		await().atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(500))
			.until(() -> committedUpToTheEnd(applicationId));
		assertThat(released(eventIds)).as("nothing is due yet").isEmpty();

		// when it is killed with SIGKILL and a new instance starts on an empty state folder
		first.kill();
		start(applicationId, dir.resolve("state-2"), dir.resolve("handler-2.log"));

		// then every record is released, and each exactly once
		await().atMost(Duration.ofMinutes(6))
			.pollInterval(Duration.ofSeconds(1))
			.until(() -> released(eventIds).size() >= RECORDS);
		await().during(Duration.ofSeconds(5)).atMost(Duration.ofSeconds(15)).untilAsserted(() -> {
			List<String> released = released(eventIds);
			assertThat(released).hasSize(RECORDS).containsExactlyInAnyOrderElementsOf(eventIds);
		});
	}

	private HandlerProcess start(String applicationId, Path stateDir, Path log) throws Exception {
		Map<String, String> env = new HashMap<>();
		env.put("SPRING_PROFILES_ACTIVE", "local");
		env.put("SPRING_KAFKA_BOOTSTRAP_SERVERS", this.handlers.bootstrap());
		env.put("SERVER_PORT", Integer.toString(HandlerProcess.freePort()));
		env.put("MANAGEMENT_SERVER_PORT", Integer.toString(HandlerProcess.freePort()));
		env.put("MANAGEMENT_ENDPOINT_HEALTH_SHOW_DETAILS", "always");
		env.put("PAYONCE_DLT_STREAMS_APPLICATION_ID", applicationId);
		env.put("PAYONCE_DLT_STREAMS_STATE_DIR", stateDir.toString());
		env.put("PAYONCE_DLT_CONSOLE_AUDIT_TOPIC", applicationId + "-audit");
		env.put("PAYONCE_DLT_RETRY_TIERS", "120s");
		env.put("PAYONCE_DLT_RETRY_PUNCTUATE_INTERVAL", "200ms");
		// the killed member must leave the group quickly (broker minimum 6 s)
		List<String> args = List.of("--payonce.dlt.streams.properties[consumer.session.timeout.ms]=6000",
				"--payonce.dlt.streams.properties[consumer.heartbeat.interval.ms]=1000");
		return this.handlers.start(env, args, log);
	}

	private List<String> released(List<String> eventIds) {
		List<String> released = new ArrayList<>();
		for (ConsumerRecord<String, byte[]> record : this.kafka.readAll(Topic.PAY_SUCCESS.topicName(),
				r -> eventIds.contains(KafkaTestClient.header(r, PayonceHeaders.EVENT_ID)))) {
			released.add(KafkaTestClient.header(record, PayonceHeaders.EVENT_ID));
		}
		return released;
	}

	/** The handler's transactions have committed offsets up to the end of the retry topic. */
	private boolean committedUpToTheEnd(String applicationId) throws Exception {
		Properties config = new Properties();
		config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, this.handlers.bootstrap());
		try (Admin admin = Admin.create(config)) {
			Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(applicationId)
				.partitionsToOffsetAndMetadata()
				.get();
			int partitions = admin.describeTopics(List.of(Topic.PAY_SUCCESS_RETRY.topicName()))
				.allTopicNames()
				.get()
				.get(Topic.PAY_SUCCESS_RETRY.topicName())
				.partitions()
				.size();
			Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
			for (int p = 0; p < partitions; p++) {
				latest.put(new TopicPartition(Topic.PAY_SUCCESS_RETRY.topicName(), p), OffsetSpec.latest());
			}
			for (Map.Entry<TopicPartition, ListOffsetsResult.ListOffsetsResultInfo> end : admin.listOffsets(latest)
				.all()
				.get()
				.entrySet()) {
				OffsetAndMetadata done = committed.get(end.getKey());
				if (end.getValue().offset() > 0 && (done == null || done.offset() < end.getValue().offset())) {
					return false;
				}
			}
			return true;
		}
	}

}
