package io.payonce.dlt.it;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.AuditTrail;
import io.payonce.dlt.terminal.StatusChange;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.dlt.terminal.TerminalStatus;
import io.payonce.dlt.terminal.kafka.KafkaAuditTrail;
import io.payonce.infra.LocalStack;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Two handler instances' audit trails ({@link KafkaAuditTrail}, as the handler builds it) on one topic of the real
 * broker: what makes the console one console across instances. Each test has a topic of its own.
 */
class AuditTrailIsOneChainAcrossInstancesIT {

	private static final Duration TIMEOUT = Duration.ofSeconds(20);

	private final String bootstrap = LocalStack.shared().kafka().bootstrapServers();

	private final KafkaTestClient kafka = new KafkaTestClient(this.bootstrap);

	private final List<KafkaAuditTrail> trails = new ArrayList<>();

	private String topic;

	@BeforeEach
	void createTheTopic() throws Exception {
		this.topic = "dlt-audit-it-" + UUID.randomUUID();
		try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrap))) {
			admin.createTopics(List.of(new NewTopic(this.topic, 1, (short) 1))).all().get();
		}
	}

	@AfterEach
	void closeTheTrails() {
		this.trails.forEach(KafkaAuditTrail::close);
	}

	@Test
	void twoInstancesAppendingAtOnceWriteOneUnbrokenChainWithEveryEntryOnce() throws Exception {
		// given two instances on one trail
		KafkaAuditTrail a = trail();
		KafkaAuditTrail b = trail();

		// when both append 15 entries at the same time
		List<Integer> done = race(List.of(() -> appendMany(a, "a", 15), () -> appendMany(b, "b", 15)));

		// then a third instance, reading from the beginning, finds one intact chain holding all 30 entries once
		assertThat(done).containsExactly(15, 15);
		KafkaAuditTrail reader = trail();
		reader.refresh();
		assertThat(reader.broken()).isNull();
		assertThat(reader.entries()).hasSize(30);
		assertThat(reader.entries()).extracting(AuditEntry::id).doesNotHaveDuplicates();
		// and the writers agree with it, and their stored trail verifies
		a.refresh();
		b.refresh();
		assertThat(a.entries()).isEqualTo(reader.entries());
		assertThat(b.head()).isEqualTo(a.head()).isEqualTo(reader.head());
		a.verify();
		b.verify();
	}

	@Test
	void twoInstancesClaimingTheSameRecordAtOnceCommitOneClaimAndOneReplay() throws Exception {
		KafkaAuditTrail a = trail();
		KafkaAuditTrail b = trail();
		for (int round = 0; round < 5; round++) {
			// given a terminal record both instances show OPEN
			TerminalRecord record = terminal("0:" + round);

			// when both replay it at the same moment, each only if the committed trail shows it undecided
			List<Integer> claims = race(List.of(() -> claim(a, record), () -> claim(b, record)));

			// then one of them replayed it, once: one claim in the trail, one record on pay.success
			assertThat(claims).containsExactlyInAnyOrder(1, 0);
			assertThat(this.kafka.readAll(Topic.PAY_SUCCESS.topicName(),
					r -> record.eventId().equals(KafkaTestClient.header(r, PayonceHeaders.EVENT_ID))))
				.hasSize(1);
		}
		a.refresh();
		assertThat(a.entries()).hasSize(5);
	}

	@Test
	void aTurnThatFailsBeforeItsCommitLeavesNoEntryAndNoReplay() throws Exception {
		// given an instance whose turn sends a replay and an entry, then fails
		KafkaAuditTrail a = trail();
		TerminalRecord record = terminal("0:1");
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(() -> a.exclusive((trail, turn) -> {
			turn.append(replayed(record, "failed-turn"));
			turn.replay(record, "failed-turn");
			throw new IllegalStateException("the step failed after its writes");
		}));

		// when another instance reads the trail and the replay topic
		KafkaAuditTrail b = trail();
		b.refresh();

		// then neither the entry nor the replay is there: the turn was aborted whole
		assertThat(b.entries()).isEmpty();
		assertThat(this.kafka.readAll(Topic.PAY_SUCCESS.topicName(),
				r -> record.eventId().equals(KafkaTestClient.header(r, PayonceHeaders.EVENT_ID))))
			.isEmpty();
		// and the record can still be claimed
		assertThat(claim(b, record)).isEqualTo(1);
	}

	@Test
	void aRecordWrittenOutsideTheHandlerBreaksTheChainAndNothingMoreIsWrittenOnIt() throws Exception {
		// given a trail with one entry
		KafkaAuditTrail a = trail();
		a.append(entry("before"));

		// when someone writes a forged link straight to the topic
		String forged = "{\"id\":\"forged\",\"at\":\"2026-09-28T02:00:00Z\",\"actor\":\"mallory\",\"action\":\"RESOLVE\","
				+ "\"selection\":\"id x\",\"eventIds\":[],\"result\":\"OK\",\"changes\":[]}";
		this.kafka.send(this.topic, "forged", ("{\"previous\":\"" + "0".repeat(64) + "\",\"hash\":\"" + "f".repeat(64)
				+ "\",\"entry\":" + forged + "}").getBytes(StandardCharsets.UTF_8), Map.of());

		// then every instance reports the trail broken at that record and refuses to write onto it
		KafkaAuditTrail b = trail();
		b.refresh();
		assertThat(b.broken()).contains("not intact at offset", "does not follow the entry before it");
		assertThat(b.entries()).extracting(AuditEntry::id).containsExactly("before");
		assertThatExceptionOfType(AuditTrail.TamperedAuditTrailException.class)
			.isThrownBy(() -> a.append(entry("after")));
		assertThatExceptionOfType(AuditTrail.TamperedAuditTrailException.class).isThrownBy(b::verify);
	}

	private KafkaAuditTrail trail() {
		Map<String, Object> connection = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrap);
		KafkaAuditTrail trail = KafkaAuditTrail.create(this.topic, this.topic + ".writer", connection,
				Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrap), (entry) -> {
				}, TIMEOUT);
		this.trails.add(trail);
		return trail;
	}

	private static int appendMany(KafkaAuditTrail trail, String instance, int count) {
		for (int i = 0; i < count; i++) {
			trail.append(entry(instance + "-" + i));
		}
		return count;
	}

	/** The replay rule in its smallest form: replay and record it only if no one decided the occurrence yet. */
	private static int claim(KafkaAuditTrail trail, TerminalRecord record) {
		String replayId = UUID.randomUUID().toString();
		return trail.exclusive((committed, turn) -> {
			if (committed.decision(record.position()).isPresent()) {
				return 0;
			}
			turn.replay(record, replayId);
			turn.append(replayed(record, replayId));
			return 1;
		});
	}

	/** Runs the tasks on threads released at the same moment; their results in task order. */
	private static List<Integer> race(List<Callable<Integer>> tasks) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
		try {
			CyclicBarrier start = new CyclicBarrier(tasks.size());
			List<Future<Integer>> futures = new ArrayList<>();
			for (Callable<Integer> task : tasks) {
				futures.add(pool.submit(() -> {
					start.await();
					return task.call();
				}));
			}
			List<Integer> results = new ArrayList<>();
			for (Future<Integer> future : futures) {
				results.add(future.get());
			}
			return results;
		}
		finally {
			pool.shutdownNow();
		}
	}

	private static AuditEntry entry(String id) {
		return new AuditEntry(id, Instant.now(), "it", "REPLAY_DRY_RUN", "ids []", List.of(), "OK: would replay 0",
				List.of());
	}

	private static AuditEntry replayed(TerminalRecord record, String replayId) {
		return new AuditEntry(replayId, Instant.now(), "it", "REPLAY", "ids [" + record.eventId() + "]",
				List.of(record.eventId()), "OK: replayed 1", List.of(new StatusChange(record.eventId(), record.position(),
						TerminalStatus.REPLAYED, null, "it", Instant.now())));
	}

	private static TerminalRecord terminal(String position) {
		String eventId = UUID.randomUUID().toString();
		String orderNo = "IT-AUDIT-" + eventId.substring(0, 8);
		return new TerminalRecord(eventId, orderNo, "PaySuccess", "CONFLICT", null, "why", 1, Instant.now(),
				Instant.now(), "{\"orderNo\":\"" + orderNo + "\"}", Map.of(), List.of(), position, TerminalStatus.OPEN,
				null, null, null);
	}

}
