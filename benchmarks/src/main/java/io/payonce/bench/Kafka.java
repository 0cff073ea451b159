package io.payonce.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** The Kafka side: topics, a durable producer (acks=all), offsets and lag, the raw produce/consume limit. */
final class Kafka implements AutoCloseable {

	private final String bootstrap;

	private final Admin admin;

	Kafka(String bootstrap) {
		this.bootstrap = bootstrap;
		Properties props = new Properties();
		props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
		this.admin = Admin.create(props);
	}

	void createTopic(String name, int partitions) throws Exception {
		try {
			this.admin.createTopics(List.of(new NewTopic(name, partitions, (short) 1))).all().get();
		}
		catch (ExecutionException ex) {
			if (!(ex.getCause() instanceof org.apache.kafka.common.errors.TopicExistsException)) {
				throw ex;
			}
		}
	}

	KafkaProducer<String, byte[]> producer() {
		Properties props = new Properties();
		props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrap);
		props.put(ProducerConfig.ACKS_CONFIG, "all");
		props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
		props.put(ProducerConfig.LINGER_MS_CONFIG, "5");
		props.put(ProducerConfig.BATCH_SIZE_CONFIG, "65536");
		props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
		props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
		return new KafkaProducer<>(props);
	}

	KafkaConsumer<String, byte[]> consumer(String group, boolean autoCommit) {
		return consumer(group, autoCommit, 500);
	}

	KafkaConsumer<String, byte[]> consumer(String group, boolean autoCommit, int maxPollRecords) {
		Properties props = new Properties();
		props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrap);
		props.put(ConsumerConfig.GROUP_ID_CONFIG, group);
		props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
		props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, Boolean.toString(autoCommit));
		props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, Integer.toString(maxPollRecords));
		// as the pipeline's readers: the relay writes pay.success in transactions
		props.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
		props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
		props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
		return new KafkaConsumer<>(props);
	}

	/** Sends every record (acks=all) and waits for all acknowledgements. */
	void produceAll(List<ProducerRecord<String, byte[]>> records) throws Exception {
		try (KafkaProducer<String, byte[]> producer = producer()) {
			List<Future<RecordMetadata>> acks = new ArrayList<>(records.size());
			for (ProducerRecord<String, byte[]> record : records) {
				acks.add(producer.send(record));
			}
			producer.flush();
			for (Future<RecordMetadata> ack : acks) {
				ack.get();
			}
		}
	}

	/** Raw produce rate (records/s), acks=all, {@code count} records of {@code valueBytes} bytes. */
	double rawProduce(String topic, int count, int valueBytes) throws Exception {
		byte[] value = new byte[valueBytes];
		java.util.Arrays.fill(value, (byte) 'x');
		try (KafkaProducer<String, byte[]> producer = producer()) {
			// warm-up: metadata, connections, idempotent producer id
			producer.send(new ProducerRecord<>(topic, "warm", value)).get();
			long start = System.nanoTime();
			Future<RecordMetadata> last = null;
			for (int i = 0; i < count; i++) {
				last = producer.send(new ProducerRecord<>(topic, "K" + i, value));
			}
			producer.flush();
			last.get();
			return count / ((System.nanoTime() - start) / 1e9);
		}
	}

	/** Raw consume rate (records/s) of a new group reading {@code count} records from the beginning. */
	double rawConsume(String topic, int count) {
		try (KafkaConsumer<String, byte[]> consumer = consumer("bench-raw-" + UUID.randomUUID(), false)) {
			consumer.subscribe(List.of(topic));
			long seen = 0;
			long start = 0;
			long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
			while (seen < count && System.nanoTime() < deadline) {
				int n = consumer.poll(Duration.ofMillis(200)).count();
				if (n > 0 && start == 0) {
					start = System.nanoTime();
				}
				seen += n;
			}
			return seen / ((System.nanoTime() - start) / 1e9);
		}
	}

	long endOffsetSum(String topic) throws Exception {
		List<TopicPartition> partitions = partitions(topic);
		Map<TopicPartition, OffsetSpec> request = partitions.stream()
			.collect(Collectors.toMap(tp -> tp, tp -> OffsetSpec.latest()));
		return this.admin.listOffsets(request).all().get().values().stream().mapToLong(info -> info.offset()).sum();
	}

	long committedSum(String group, String topic) throws Exception {
		Map<TopicPartition, OffsetAndMetadata> offsets = this.admin.listConsumerGroupOffsets(group)
			.partitionsToOffsetAndMetadata()
			.get();
		return offsets.entrySet()
			.stream()
			.filter(e -> e.getKey().topic().equals(topic) && e.getValue() != null)
			.mapToLong(e -> e.getValue().offset())
			.sum();
	}

	/**
	 * The committed-offset sum a group reaches once it has handled these records: per partition the offset after
	 * the last of them (a consumer commits that, not the end: a transaction's trailing commit marker takes an
	 * offset too), elsewhere what it has committed now.
	 */
	long committedSumAfter(String group, String topic, List<ConsumerRecord<String, byte[]>> records) throws Exception {
		Map<TopicPartition, Long> target = new java.util.HashMap<>();
		this.admin.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get().forEach((partition, offset) -> {
			if (partition.topic().equals(topic) && offset != null) {
				target.put(partition, offset.offset());
			}
		});
		for (ConsumerRecord<String, byte[]> record : records) {
			target.merge(new TopicPartition(record.topic(), record.partition()), record.offset() + 1, Math::max);
		}
		return target.values().stream().mapToLong(Long::longValue).sum();
	}

	private List<TopicPartition> partitions(String topic) throws Exception {
		return this.admin.describeTopics(List.of(topic))
			.allTopicNames()
			.get()
			.get(topic)
			.partitions()
			.stream()
			.map(p -> new TopicPartition(topic, p.partition()))
			.toList();
	}

	/** Seconds (from {@code startNanos}) until the group has committed {@code target} on the topic; -1 on timeout. */
	double awaitCommitted(String group, String topic, long target, long startNanos, Duration timeout)
			throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		while (System.nanoTime() < deadline) {
			if (committedSum(group, topic) >= target) {
				return (System.nanoTime() - startNanos) / 1e9;
			}
			Thread.sleep(20);
		}
		return -1;
	}

	/**
	 * Watches a topic from its current end on: counts the committed records whose key starts with {@code keyPrefix}.
	 * Counting records, not offsets: a transactional writer (the relay) adds a commit marker per partition and
	 * transaction, which takes an offset but is no record.
	 */
	RecordWatch watch(String topic, String keyPrefix) throws Exception {
		KafkaConsumer<String, byte[]> consumer = consumer("bench-watch-" + UUID.randomUUID(), false, 2000);
		List<TopicPartition> partitions = partitions(topic);
		consumer.assign(partitions);
		consumer.seekToEnd(partitions);
		partitions.forEach(consumer::position);
		return new RecordWatch(consumer, keyPrefix);
	}

	/** See {@link #watch}. */
	static final class RecordWatch implements AutoCloseable {

		private final KafkaConsumer<String, byte[]> consumer;

		private final String keyPrefix;

		private final List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();

		private RecordWatch(KafkaConsumer<String, byte[]> consumer, String keyPrefix) {
			this.consumer = consumer;
			this.keyPrefix = keyPrefix;
		}

		/** Seconds (from now) until {@code expected} records were read; -1 on timeout. */
		double awaitCount(long expected, Duration timeout) {
			long start = System.nanoTime();
			long deadline = start + timeout.toNanos();
			while (this.records.size() < expected && System.nanoTime() < deadline) {
				for (ConsumerRecord<String, byte[]> record : this.consumer.poll(Duration.ofMillis(20))) {
					if (record.key() != null && record.key().startsWith(this.keyPrefix)) {
						this.records.add(record);
					}
				}
			}
			return (this.records.size() >= expected) ? (System.nanoTime() - start) / 1e9 : -1;
		}

		List<ConsumerRecord<String, byte[]>> records() {
			return List.copyOf(this.records);
		}

		@Override
		public void close() {
			this.consumer.close(Duration.ofSeconds(5));
		}

	}

	/**
	 * Reads a topic from its beginning: every record whose key starts with {@code keyPrefix}, until {@code expected}
	 * of them satisfy {@code counted} or {@code timeout} passed (a record produced after its writer acted, such as a
	 * timeline fact, may still be on its way).
	 */
	List<ConsumerRecord<String, byte[]>> readUntil(String topic, String keyPrefix,
			java.util.function.Predicate<ConsumerRecord<String, byte[]>> counted, int expected, Duration timeout) {
		List<ConsumerRecord<String, byte[]>> records = new ArrayList<>();
		int count = 0;
		try (KafkaConsumer<String, byte[]> consumer = consumer("bench-reader-" + UUID.randomUUID(), false, 5000)) {
			consumer.subscribe(List.of(topic));
			long deadline = System.nanoTime() + timeout.toNanos();
			while (count < expected && System.nanoTime() < deadline) {
				for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
					if (record.key() != null && record.key().startsWith(keyPrefix)) {
						records.add(record);
						count += counted.test(record) ? 1 : 0;
					}
				}
			}
		}
		return records;
	}

	/** Reads the first {@code expected} records whose key starts with {@code keyPrefix}, headers included. */
	List<ConsumerRecord<String, byte[]>> readAll(String topic, String keyPrefix, int expected) {
		List<ConsumerRecord<String, byte[]>> records = new ArrayList<>(expected);
		try (KafkaConsumer<String, byte[]> consumer = consumer("bench-reader-" + UUID.randomUUID(), false)) {
			consumer.subscribe(List.of(topic));
			long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
			while (records.size() < expected && System.nanoTime() < deadline) {
				for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
					if (records.size() < expected && record.key() != null && record.key().startsWith(keyPrefix)) {
						records.add(record);
					}
				}
			}
		}
		return records;
	}

	@Override
	public void close() {
		this.admin.close();
	}

}
