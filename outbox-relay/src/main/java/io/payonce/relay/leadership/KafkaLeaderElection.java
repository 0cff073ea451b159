package io.payonce.relay.leadership;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.payonce.relay.leadership.LeadershipStatus.Role;
import io.payonce.relay.leadership.LeadershipStatus.StepDown;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Leader election by Kafka group membership: every relay instance is a member of one consumer group subscribed
 * to a one-partition topic; the member the coordinator assigns partition 0 leads, the others stand by. The
 * coordinator's session timeout is the lease: a member that stops heartbeating (crash, pause, cut off) loses
 * the partition and a standby gets it at its next heartbeat. Nothing is read from the topic (the partition is
 * paused); only the membership matters.
 * <p>
 * Invariants:
 * <ul>
 * <li>The duties start only while this member holds partition 0, and stop before a voluntary hand-over
 * completes ({@code onPartitionsRevoked} runs before the coordinator gives the partition away).</li>
 * <li>An involuntary loss (session expired while paused or cut off) is only noticed afterwards; what keeps the
 * old leader from publishing then is not this class but the transactional producer the new leader initialised
 * (see the relay engine).</li>
 * <li>The cooperative sticky assignor keeps partition 0 where it is when members join or leave, so a restarted
 * or added instance never takes the lead from a healthy leader.</li>
 * </ul>
 * One thread polls; the rebalance callbacks run on it.
 */
public final class KafkaLeaderElection {

	private static final Logger log = LoggerFactory.getLogger(KafkaLeaderElection.class);

	private static final Duration POLL = Duration.ofMillis(200);

	private static final Duration RETRY = Duration.ofSeconds(2);

	/** How often an instance asks the group coordinator who holds the lead (for the health only). */
	private static final Duration LEADER_LOOKUP = Duration.ofSeconds(5);

	private static final String ELECTION_CLIENT = "-election-";

	private final Map<String, Object> consumerConfig;

	private final Map<String, Object> adminConfig;

	private final String topic;

	private final short replicationFactor;

	private final LeaderDuties duties;

	private final LeadershipStatus status;

	private final Duration rejoinAfterStepDown;

	private final Clock clock;

	private final CountDownLatch stopping = new CountDownLatch(1);

	private volatile KafkaConsumer<byte[], byte[]> consumer;

	private Thread thread;

	private ScheduledExecutorService lookups;

	/** Confined to the election thread (also the thread of the rebalance callbacks). */
	private boolean holdsLead;

	private StepDown handingOverFor;

	private Instant nextStartAttempt = Instant.MIN;

	/**
	 * @param consumerConfig the group member: group id, session timeout, cooperative sticky assignor
	 * @param adminConfig to create the coordination topic when it is missing
	 */
	public KafkaLeaderElection(Map<String, Object> consumerConfig, Map<String, Object> adminConfig, String topic,
			short replicationFactor, LeaderDuties duties, LeadershipStatus status, Duration rejoinAfterStepDown,
			Clock clock) {
		this.consumerConfig = Map.copyOf(consumerConfig);
		this.adminConfig = Map.copyOf(adminConfig);
		this.topic = topic;
		this.replicationFactor = replicationFactor;
		this.duties = duties;
		this.status = status;
		this.rejoinAfterStepDown = rejoinAfterStepDown;
		this.clock = clock;
	}

	/** The group member's client id: the group id and this instance, so that any member can tell who leads. */
	public static String clientId(String groupId, String instanceId) {
		return groupId + ELECTION_CLIENT + instanceId;
	}

	public synchronized void start() {
		this.thread = new Thread(this::run, "outbox-relay-election");
		this.thread.start();
		// off the election thread: a slow answer must not delay this member's reaction to a rebalance
		this.lookups = Executors.newSingleThreadScheduledExecutor((runnable) -> {
			Thread lookup = new Thread(runnable, "outbox-relay-leader-lookup");
			lookup.setDaemon(true);
			return lookup;
		});
		this.lookups.scheduleWithFixedDelay(this::lookUpLeader, LEADER_LOOKUP.toMillis(), LEADER_LOOKUP.toMillis(),
				TimeUnit.MILLISECONDS);
	}

	/**
	 * Asks the coordinator which member holds partition 0 and notes its instance (the health's {@code leader}).
	 * Informative only: the lead itself is decided by the assignment this member receives.
	 */
	private void lookUpLeader() {
		String groupId = String.valueOf(this.consumerConfig.get(ConsumerConfig.GROUP_ID_CONFIG));
		TopicPartition lead = new TopicPartition(this.topic, 0);
		try (Admin admin = Admin.create(this.adminConfig)) {
			ConsumerGroupDescription group = admin.describeConsumerGroups(List.of(groupId))
				.describedGroups()
				.get(groupId)
				.get(LEADER_LOOKUP.toMillis(), TimeUnit.MILLISECONDS);
			this.status.leaderIs(group.members()
				.stream()
				.filter((member) -> member.assignment().topicPartitions().contains(lead))
				.map((member) -> member.clientId())
				.filter((clientId) -> clientId.startsWith(groupId + ELECTION_CLIENT))
				.map((clientId) -> clientId.substring(groupId.length() + ELECTION_CLIENT.length()))
				.findFirst()
				.orElse(null));
		}
		catch (ExecutionException | java.util.concurrent.TimeoutException | KafkaException ex) {
			this.status.leaderIs(null);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Stops the duties, then leaves the group (so a standby takes over at once, not after the session timeout).
	 */
	public void stop() {
		this.stopping.countDown();
		if (this.lookups != null) {
			this.lookups.shutdownNow();
		}
		KafkaConsumer<byte[], byte[]> current = this.consumer;
		if (current != null) {
			current.wakeup();
		}
		Thread running = this.thread;
		if (running != null) {
			try {
				running.join(Duration.ofSeconds(90).toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
	}

	private boolean stopping() {
		return this.stopping.getCount() == 0;
	}

	private void run() {
		try {
			if (!awaitTopic()) {
				return;
			}
			try (KafkaConsumer<byte[], byte[]> member = new KafkaConsumer<>(this.consumerConfig)) {
				this.consumer = member;
				elect(member);
				// close() below revokes partition 0 (onPartitionsRevoked stops the duties), then leaves the group
				this.handingOverFor = StepDown.SHUTDOWN;
			}
		}
		catch (RuntimeException ex) {
			log.error("Leader election ended unexpectedly; this instance will not lead again until restarted", ex);
			stopDuties(StepDown.SHUTDOWN);
		}
		finally {
			this.consumer = null;
			this.status.become(Role.JOINING);
		}
	}

	private void elect(KafkaConsumer<byte[], byte[]> member) {
		boolean subscribed = false;
		Instant rejoinAt = Instant.MIN;
		while (!stopping()) {
			Instant now = this.clock.instant();
			if (!subscribed && !now.isBefore(rejoinAt)) {
				member.subscribe(List.of(this.topic), new Membership(member));
				subscribed = true;
			}
			if (!subscribed) {
				pause(POLL);
				continue;
			}
			try {
				member.poll(POLL);
			}
			catch (WakeupException ex) {
				continue; // stop() woke us: the loop condition ends it
			}
			catch (KafkaException ex) {
				// coordinator moving, broker restarting: the client reconnects by itself
				log.warn("Group membership: {}", ex.toString());
				continue;
			}
			if (this.holdsLead) {
				startDutiesIfDue();
				Optional<StepDown> requested = this.duties.stepDownRequested();
				if (requested.isPresent()) {
					log.warn("Handing the lead over ({}); rejoining as a candidate in {} s", requested.get(),
							this.rejoinAfterStepDown.toSeconds());
					this.handingOverFor = requested.get();
					member.unsubscribe(); // revokes partition 0: onPartitionsRevoked stops the duties first
					subscribed = false;
					rejoinAt = this.clock.instant().plus(this.rejoinAfterStepDown);
					this.status.become(Role.JOINING);
				}
			}
		}
	}

	private void startDutiesIfDue() {
		if (this.duties.isActive() || this.clock.instant().isBefore(this.nextStartAttempt)) {
			return;
		}
		try {
			this.duties.start();
			log.info("Instance {} leads the outbox relay", this.status.instanceId());
		}
		catch (RuntimeException ex) {
			this.nextStartAttempt = this.clock.instant().plus(RETRY);
			log.warn("Cannot start streaming yet, trying again in {} s: {}", RETRY.toSeconds(), ex.toString());
		}
	}

	/**
	 * Ends the term. The term's own reason wins over the membership's: a resumed former leader typically finds
	 * both its lease lost and its producer fenced, and the fencing is the stronger statement.
	 */
	private void stopDuties(StepDown reason) {
		if (this.holdsLead || this.duties.isActive()) {
			StepDown actual = this.duties.stop().orElse(reason);
			this.status.steppedDown(actual);
			log.info("Instance {} no longer leads ({})", this.status.instanceId(), actual);
		}
		this.holdsLead = false;
	}

	/** Creates the one-partition coordination topic if it is missing; retries while Kafka is unreachable. */
	private boolean awaitTopic() {
		while (!stopping()) {
			try (Admin admin = Admin.create(this.adminConfig)) {
				admin.createTopics(List.of(new NewTopic(this.topic, 1, this.replicationFactor))).all().get(30,
						TimeUnit.SECONDS);
				log.info("Created the relay's coordination topic {}", this.topic);
				return true;
			}
			catch (ExecutionException ex) {
				if (ex.getCause() instanceof TopicExistsException) {
					return true;
				}
				log.warn("Cannot create the coordination topic {} yet: {}", this.topic, String.valueOf(ex.getCause()));
			}
			catch (java.util.concurrent.TimeoutException | KafkaException ex) {
				log.warn("Cannot create the coordination topic {} yet: {}", this.topic, ex.toString());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return false;
			}
			pause(RETRY);
		}
		return false;
	}

	private void pause(Duration duration) {
		try {
			// waits for stop(), or for the duration: the loop's pace, not synchronisation
			this.stopping.await(duration.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			this.stopping.countDown();
		}
	}

	private boolean leadIn(Collection<TopicPartition> partitions) {
		return partitions.contains(new TopicPartition(this.topic, 0));
	}

	/** The rebalance callbacks; they run on the election thread inside {@code poll}, {@code unsubscribe}, {@code close}. */
	private final class Membership implements ConsumerRebalanceListener {

		private final KafkaConsumer<byte[], byte[]> member;

		Membership(KafkaConsumer<byte[], byte[]> member) {
			this.member = member;
		}

		@Override
		public void onPartitionsAssigned(Collection<TopicPartition> partitions) {
			// nothing is ever read: only the ownership counts
			this.member.pause(partitions);
			if (leadIn(partitions)) {
				KafkaLeaderElection.this.holdsLead = true;
				KafkaLeaderElection.this.nextStartAttempt = Instant.MIN;
				KafkaLeaderElection.this.status.become(Role.LEADER);
				log.info("Instance {} was given the lead (partition 0 of {})",
						KafkaLeaderElection.this.status.instanceId(), KafkaLeaderElection.this.topic);
			}
			else if (!KafkaLeaderElection.this.holdsLead) {
				KafkaLeaderElection.this.status.become(Role.STANDBY);
			}
		}

		@Override
		public void onPartitionsRevoked(Collection<TopicPartition> partitions) {
			if (leadIn(partitions)) {
				StepDown reason = (KafkaLeaderElection.this.handingOverFor != null)
						? KafkaLeaderElection.this.handingOverFor : StepDown.SHUTDOWN;
				stopDuties(reason);
				KafkaLeaderElection.this.handingOverFor = null;
				KafkaLeaderElection.this.status.become(Role.STANDBY);
			}
		}

		@Override
		public void onPartitionsLost(Collection<TopicPartition> partitions) {
			if (leadIn(partitions)) {
				log.warn("Instance {} lost the lead: the group went on without it (silent past the session timeout)",
						KafkaLeaderElection.this.status.instanceId());
				stopDuties(StepDown.LEASE_LOST);
				KafkaLeaderElection.this.status.become(Role.JOINING);
			}
		}

	}

}
