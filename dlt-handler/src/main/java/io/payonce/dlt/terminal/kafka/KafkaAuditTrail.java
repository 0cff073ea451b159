package io.payonce.dlt.terminal.kafka;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.function.Supplier;

import io.payonce.dlt.terminal.AuditChain;
import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.AuditTrail;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.dlt.terminal.TrailState;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.InvalidPidMappingException;
import org.apache.kafka.common.errors.InvalidProducerEpochException;
import org.apache.kafka.common.errors.ProducerFencedException;
import org.apache.kafka.common.errors.TransactionAbortableException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The audit trail as a one-partition Kafka topic, shared by every handler instance: one SHA-256 hash chain
 * ({@link AuditChain}), one link per record, in topic order.
 * <p>
 * <b>One chain, one writer at a time.</b> Every instance writes with the same {@code transactional.id}. Kafka
 * lets only the producer that initialised that id last commit: initialising fences every earlier one and first
 * completes their open transactions. So a turn ({@link #exclusive}) is: make sure this instance's producer is
 * initialised, read the topic to its end (read_committed: every committed link, of every instance), run the step
 * on that view, chain its entries onto the head it saw, and commit. If another instance initialised in between,
 * it may have appended, and this commit fails as fenced: the turn is discarded (Kafka aborts it: not one of its
 * links or replays is ever read) and runs again from a fresh read. A committed turn thus always extends the head
 * it read, the chain never forks, and a decision taken on the view (not replayed yet, room in the rate limit) is
 * still true when it commits. Replays to {@code pay.success} are sent in the same transaction: a replay and its
 * audit entries are committed together, or none is (readers of {@code pay.success} read committed only).
 * <p>
 * Reading: a consumer assigned to the partition (no group) reads every link from the beginning at start and then
 * follows ({@link #refresh()}), verifying each one against the chain; the entries' decisions go to the terminal
 * index through {@code onEntry}. A link that does not extend the chain stops the reading there: the trail is
 * reported broken (health DOWN, {@code GET /api/v1/audit} 500) and no further turn is written onto it.
 * <p>
 * Thread-safe: turns and reads of one instance are serialised by this object's lock.
 */
public final class KafkaAuditTrail implements AuditTrail {

	private static final Logger log = LoggerFactory.getLogger(KafkaAuditTrail.class);

	/** Turns lost to another instance's write before this one gives up (each retry reads the newer trail). */
	private static final int MAX_TURNS = 10;

	private final TopicPartition partition;

	private final Supplier<Producer<String, byte[]>> producers;

	private final Supplier<org.apache.kafka.clients.consumer.Consumer<String, byte[]>> consumers;

	private final Consumer<AuditEntry> onEntry;

	private final Duration timeout;

	private final List<AuditEntry> entries = new ArrayList<>();

	private final TrailState state = new TrailState();

	private org.apache.kafka.clients.consumer.Consumer<String, byte[]> reader;

	private Producer<String, byte[]> producer;

	private String head = AuditChain.GENESIS;

	private volatile String broken;

	private volatile boolean loaded;

	/** The head and size last read, for health: read without the lock a turn may hold for seconds. */
	private volatile String seenHead = AuditChain.GENESIS;

	private volatile int seenEntries;

	/**
	 * @param topic one partition; every instance of the handler uses the same one
	 * @param producers transactional producers, all with one {@code transactional.id} for this topic
	 * @param consumers read_committed consumers without a group
	 * @param onEntry told of every entry read, in trail order (the terminal index applies its decisions)
	 * @param timeout how long a read to the end of the topic may take
	 */
	public KafkaAuditTrail(String topic, Supplier<Producer<String, byte[]>> producers,
			Supplier<org.apache.kafka.clients.consumer.Consumer<String, byte[]>> consumers, Consumer<AuditEntry> onEntry,
			Duration timeout) {
		this.partition = new TopicPartition(topic, 0);
		this.producers = producers;
		this.consumers = consumers;
		this.onEntry = onEntry;
		this.timeout = timeout;
	}

	/**
	 * The trail with its clients: every writer of {@code topic} uses the transactional id {@code transactionalId}
	 * (the same on every instance: that is what serialises the writers), acks=all, idempotent; readers read
	 * committed, without a group.
	 * @param producerBase connection settings (bootstrap servers, security) for the producers
	 * @param consumerBase the same for the readers
	 */
	public static KafkaAuditTrail create(String topic, String transactionalId, Map<String, Object> producerBase,
			Map<String, Object> consumerBase, Consumer<AuditEntry> onEntry, Duration timeout) {
		String timeoutMs = Long.toString(timeout.toMillis());
		Map<String, Object> producer = new HashMap<>(producerBase);
		producer.remove(ProducerConfig.CLIENT_ID_CONFIG);
		producer.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, transactionalId);
		producer.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
		producer.put(ProducerConfig.ACKS_CONFIG, "all");
		producer.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, timeoutMs);
		// an instance killed inside a turn holds the partitions of pay.success it wrote to (read_committed
		// readers wait at its open transaction) until the next writer fences it or this timeout aborts it
		producer.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, timeoutMs);
		Map<String, Object> consumer = new HashMap<>(consumerBase);
		consumer.remove(ConsumerConfig.GROUP_ID_CONFIG);
		consumer.remove(ConsumerConfig.CLIENT_ID_CONFIG);
		consumer.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
		consumer.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
		return new KafkaAuditTrail(topic,
				() -> new KafkaProducer<>(producer, new StringSerializer(), new ByteArraySerializer()),
				() -> new KafkaConsumer<>(consumer, new StringDeserializer(), new ByteArrayDeserializer()), onEntry,
				timeout);
	}

	@Override
	public synchronized <T> T exclusive(Step<T> step) {
		for (int turn = 1;; turn++) {
			failIfBroken();
			boolean open = false;
			KafkaTurn writes = null;
			try {
				if (this.producer == null) {
					this.producer = this.producers.get();
					// fences every other instance's producer and completes its open transaction
					this.producer.initTransactions();
				}
				catchUp(); // after our initialisation: nobody can commit between this read and our commit but us
				this.producer.beginTransaction();
				open = true;
				writes = new KafkaTurn(this.head);
				T result = step.run(this.state, writes);
				open = false; // from here on Kafka completes the transaction one way or the other
				commit(writes);
				long lastOffset = writes.lastOffset();
				for (String logLine : writes.logLines()) {
					// the chain's head leaves the host with the log: the witness against a trail rewritten from scratch
					log.info(logLine);
				}
				try {
					catchUpTo(lastOffset); // our own links, read back: the index shows the turn before the API answers
				}
				catch (TrailUnavailableException | TamperedAuditTrailException ex) {
					// committed all the same: the next refresh reads it; a broken chain is kept in broken()
					log.warn("Audit turn committed, not read back yet: {}", ex.getMessage());
				}
				return result;
			}
			catch (KafkaException ex) {
				closeProducer();
				if (!isFenced(ex)) {
					throw new TrailUnavailableException("audit trail " + this.partition.topic() + " not written, nothing "
							+ "of this action was done: " + ex.getMessage(), ex);
				}
				if (turn >= MAX_TURNS) {
					throw new TrailUnavailableException("audit trail " + this.partition.topic() + " busy: " + turn
							+ " turns lost to other instances", ex);
				}
				log.debug("Audit turn {} lost to another instance's write, reading the newer trail", turn);
				backOff();
			}
			catch (RuntimeException ex) {
				if (open) {
					abortQuietly(); // the step failed: none of its writes may be committed
				}
				throw ex;
			}
		}
	}

	/**
	 * Commits the turn. A commit that fails other than by fencing may still have completed at the broker; the truth
	 * is then read back: a new producer fences this one (which aborts the transaction if it is still open) and the
	 * trail is read to its end. If the turn's first entry is there, the turn committed; if not, it never will.
	 */
	private void commit(KafkaTurn writes) {
		try {
			this.producer.commitTransaction();
		}
		catch (KafkaException ex) {
			if (isFenced(ex) || writes.first() == null) {
				throw ex;
			}
			closeProducer();
			try {
				this.producer = this.producers.get();
				this.producer.initTransactions();
				catchUp();
			}
			catch (KafkaException | TrailUnavailableException unknown) {
				closeProducer();
				throw new TrailUnavailableException("audit trail " + this.partition.topic() + ": the outcome of this "
						+ "action is unknown (its commit failed: " + ex.getMessage() + "); the trail will show it", unknown);
			}
			if (!this.entries.contains(writes.first())) {
				throw ex; // aborted: nothing of the turn was committed
			}
			log.warn("Audit turn committed although its commit reported {}", ex.getMessage());
		}
	}

	/** Reads what other instances committed since the last read (scheduled), and the whole trail the first time. */
	public synchronized void refresh() {
		if (this.broken != null) {
			return;
		}
		try {
			catchUp();
		}
		catch (TrailUnavailableException ex) {
			log.warn("Audit trail not read: {}", ex.getMessage());
		}
		catch (TamperedAuditTrailException ex) {
			// logged and kept in broken(): health DOWN, reads of the trail 500, no more writes
		}
	}

	@Override
	public synchronized List<AuditEntry> entries() {
		return Collections.unmodifiableList(new ArrayList<>(this.entries));
	}

	@Override
	public void verify() {
		failIfBroken();
		List<AuditEntry> read = entries(); // before the stored trail, which can only have grown since
		Chain stored = new Chain();
		try (org.apache.kafka.clients.consumer.Consumer<String, byte[]> fresh = this.consumers.get()) {
			fresh.assign(List.of(this.partition));
			fresh.seekToBeginning(List.of(this.partition));
			readToEnd(fresh, stored, -1);
		}
		if (stored.broken != null) {
			throw new TamperedAuditTrailException(stored.broken);
		}
		if (stored.entries.size() < read.size() || !stored.entries.subList(0, read.size()).equals(read)) {
			throw new TamperedAuditTrailException("Audit trail " + this.partition.topic()
					+ " is not the one this handler read: " + stored.entries.size() + " entries stored, " + read.size()
					+ " read before (records removed or the topic replaced)");
		}
	}

	/** @return why the stored trail is not intact, {@code null} while it is */
	public String broken() {
		return this.broken;
	}

	/** Whether the whole trail has been read once since the start. */
	public boolean loaded() {
		return this.loaded;
	}

	/** The chain's head as last read (not waiting for a turn in progress). */
	public String head() {
		return this.seenHead;
	}

	/** How many entries were read (not waiting for a turn in progress). */
	public int size() {
		return this.seenEntries;
	}

	/** Stops reading and writing; an open turn of this instance is aborted by Kafka (or by the next writer). */
	public synchronized void close() {
		closeProducer();
		if (this.reader != null) {
			this.reader.close(Duration.ofSeconds(5));
			this.reader = null;
		}
	}

	private void catchUp() {
		catchUpTo(-1);
	}

	/** Reads to the end of the committed trail, and at least past {@code offset}. */
	private void catchUpTo(long offset) {
		if (this.reader == null) {
			this.reader = this.consumers.get();
			this.reader.assign(List.of(this.partition));
			this.reader.seekToBeginning(List.of(this.partition));
		}
		Chain live = new Chain(this.head, this.entries, this.state, this.onEntry);
		readToEnd(this.reader, live, offset);
		this.head = live.head;
		this.seenHead = live.head;
		this.seenEntries = this.entries.size();
		if (live.broken != null) {
			this.broken = live.broken;
			log.error("{}; nothing more is read or written on this trail until it is repaired", live.broken);
			throw new TamperedAuditTrailException(live.broken);
		}
		if (!this.loaded) {
			this.loaded = true;
			log.info("Audit trail {}: {} entries, hash chain intact, head {}", this.partition.topic(),
					this.entries.size(), this.head);
		}
	}

	private void readToEnd(org.apache.kafka.clients.consumer.Consumer<String, byte[]> consumer, Chain chain,
			long atLeastPast) {
		Instant deadline = Instant.now().plus(this.timeout);
		try {
			// read_committed: the end is the last stable offset, every committed link before it
			long end = consumer.endOffsets(List.of(this.partition), this.timeout).get(this.partition);
			while ((consumer.position(this.partition, this.timeout) < end
					|| consumer.position(this.partition, this.timeout) <= atLeastPast) && chain.broken == null) {
				if (Instant.now().isAfter(deadline)) {
					throw new TrailUnavailableException("audit trail " + this.partition.topic() + " not read to offset "
							+ Math.max(end, atLeastPast + 1) + " within " + this.timeout, null);
				}
				for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(100))) {
					chain.accept(record);
					if (chain.broken != null) {
						break;
					}
				}
			}
		}
		catch (KafkaException ex) {
			throw new TrailUnavailableException("audit trail " + this.partition.topic() + " not read: " + ex.getMessage(),
					ex);
		}
	}

	private void failIfBroken() {
		if (this.broken != null) {
			throw new TamperedAuditTrailException(this.broken);
		}
	}

	private static boolean isFenced(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof ProducerFencedException || cause instanceof InvalidProducerEpochException
					|| cause instanceof InvalidPidMappingException || cause instanceof TransactionAbortableException) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Two instances that keep fencing each other's turn would go on forever in lockstep; a random pause lets one of
	 * them finish first. Not a wait for a condition: a back-off between attempts of a request.
	 */
	private static void backOff() {
		try {
			Thread.sleep(ThreadLocalRandom.current().nextLong(10, 150));
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new TrailUnavailableException("interrupted between two audit turns", ex);
		}
	}

	private void abortQuietly() {
		try {
			if (this.producer != null) {
				this.producer.abortTransaction();
			}
		}
		catch (KafkaException ex) {
			closeProducer();
		}
	}

	private void closeProducer() {
		if (this.producer != null) {
			try {
				this.producer.close(Duration.ZERO);
			}
			catch (KafkaException ex) {
				log.debug("Closing the audit producer: {}", ex.getMessage());
			}
			this.producer = null;
		}
	}

	/** The writes of one turn, chained onto the head the turn read; sent in the open transaction. */
	private final class KafkaTurn implements Turn {

		private String head;

		private final List<java.util.concurrent.Future<RecordMetadata>> sent = new ArrayList<>();

		private final List<String> logLines = new ArrayList<>();

		private AuditEntry first;

		KafkaTurn(String head) {
			this.head = head;
		}

		@Override
		public void append(AuditEntry entry) {
			String canonical = AuditLinkJson.canonical(entry);
			String hash = AuditChain.hash(this.head, canonical);
			this.sent.add(KafkaAuditTrail.this.producer.send(new ProducerRecord<>(
					KafkaAuditTrail.this.partition.topic(), 0, entry.id(), AuditLinkJson.encode(this.head, hash, canonical))));
			this.head = hash;
			if (this.first == null) {
				this.first = entry;
			}
			this.logLines.add("Audit entry " + entry.id() + " " + entry.action() + " by " + entry.actor() + ": "
					+ entry.result() + "; chain head " + hash);
		}

		@Override
		public void replay(TerminalRecord record, String replayId) {
			KafkaAuditTrail.this.producer.send(ReplayRecords.of(record, replayId));
		}

		/** After the commit: the offset of the last link written, -1 if none. */
		long lastOffset() {
			long last = -1;
			for (java.util.concurrent.Future<RecordMetadata> future : this.sent) {
				try {
					last = Math.max(last, future.get().offset());
				}
				catch (java.util.concurrent.ExecutionException ex) {
					throw new KafkaException("committed link without metadata", ex.getCause());
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new KafkaException("interrupted", ex);
				}
			}
			return last;
		}

		List<String> logLines() {
			return this.logLines;
		}

		/** The turn's first entry, {@code null} if it appended none. */
		AuditEntry first() {
			return this.first;
		}

	}

	/** Links read in topic order, each verified against the one before. */
	private static final class Chain {

		private String head;

		private final List<AuditEntry> entries;

		private final TrailState state;

		private final Consumer<AuditEntry> onEntry;

		private String broken;

		Chain() {
			this(AuditChain.GENESIS, new ArrayList<>(), new TrailState(), entry -> {
			});
		}

		Chain(String head, List<AuditEntry> entries, TrailState state, Consumer<AuditEntry> onEntry) {
			this.head = head;
			this.entries = entries;
			this.state = state;
			this.onEntry = onEntry;
		}

		void accept(ConsumerRecord<String, byte[]> record) {
			String where = "Audit trail " + record.topic() + " is not intact at offset " + record.offset() + ": ";
			AuditLinkJson.Link link;
			try {
				link = AuditLinkJson.decode(record.value());
			}
			catch (RuntimeException ex) {
				this.broken = where + "it is not a link of the chain (" + ex.getMessage() + ")";
				return;
			}
			if (!this.head.equals(link.previous())) {
				this.broken = where + "it does not follow the entry before it (written outside the handler, or reordered)";
				return;
			}
			String hash = AuditChain.hash(this.head, link.canonical());
			if (!hash.equals(link.hash())) {
				this.broken = where + "its content does not match its hash (changed)";
				return;
			}
			this.head = hash;
			this.entries.add(link.entry());
			this.state.apply(link.entry());
			this.onEntry.accept(link.entry());
		}

	}

}
