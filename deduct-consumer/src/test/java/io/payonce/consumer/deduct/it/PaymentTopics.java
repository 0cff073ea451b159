package io.payonce.consumer.deduct.it;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;

import io.payonce.contract.EventCodec;
import io.payonce.contract.EventType;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.infra.LocalStack;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Kafka as a test uses it: publish PaySuccess records the way the relay does (key orderNo, headers id and
 * eventType, raw JSON bytes), read the retry and terminal topics, look at a group's committed offsets.
 */
final class PaymentTopics implements AutoCloseable {

	private final String bootstrapServers;

	private final KafkaProducer<String, byte[]> producer;

	private final Admin admin;

	PaymentTopics(LocalStack stack) {
		stack.kafka().createTopics();
		this.bootstrapServers = stack.kafka().bootstrapServers();
		Properties producerConfig = new Properties();
		producerConfig.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrapServers);
		producerConfig.put(ProducerConfig.ACKS_CONFIG, "all");
		producerConfig.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class);
		producerConfig.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class);
		this.producer = new KafkaProducer<>(producerConfig);
		this.admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrapServers));
	}

	void publish(PaySuccess payment) {
		publish(payment, null);
	}

	/** @param partition {@code null} for the key's partition, as the relay does */
	void publish(PaySuccess payment, Integer partition) {
		send(new ProducerRecord<>(Topic.PAY_SUCCESS.topicName(), partition, payment.orderNo(),
				EventCodec.encode(payment)), EventType.PAY_SUCCESS.wireName());
	}

	/** As the relay publishes it, with extra headers (e.g. the {@code traceparent} of the outbox row). */
	void publishWithHeaders(PaySuccess payment, Map<String, String> headers) {
		ProducerRecord<String, byte[]> record = new ProducerRecord<>(Topic.PAY_SUCCESS.topicName(), payment.orderNo(),
				EventCodec.encode(payment));
		headers.forEach((name, value) -> record.headers().add(name, value.getBytes(StandardCharsets.UTF_8)));
		send(record, EventType.PAY_SUCCESS.wireName());
	}

	void publishRaw(String key, byte[] value, String eventType) {
		send(new ProducerRecord<>(Topic.PAY_SUCCESS.topicName(), key, value), eventType);
	}

	private void send(ProducerRecord<String, byte[]> record, String eventType) {
		record.headers().add(PayonceHeaders.EVENT_ID, UUID.randomUUID().toString().getBytes(StandardCharsets.UTF_8));
		if (eventType != null) {
			record.headers().add(PayonceHeaders.EVENT_TYPE, eventType.getBytes(StandardCharsets.UTF_8));
		}
		try {
			this.producer.send(record).get();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("publish failed", ex);
		}
	}

	/** Every record with this key on {@code topic}, read from the beginning. */
	List<ConsumerRecord<String, byte[]>> records(Topic topic, String key) {
		Properties config = new Properties();
		config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrapServers);
		config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class);
		config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class);
		config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
		List<ConsumerRecord<String, byte[]>> found = new ArrayList<>();
		try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(config)) {
			List<TopicPartition> partitions = consumer.partitionsFor(topic.topicName())
				.stream()
				.map((info) -> new TopicPartition(info.topic(), info.partition()))
				.collect(Collectors.toList());
			consumer.assign(partitions);
			consumer.seekToBeginning(partitions);
			Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
			long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
			while (partitions.stream().anyMatch((tp) -> consumer.position(tp) < end.get(tp))
					&& System.nanoTime() < deadline) {
				for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
					if (key.equals(record.key())) {
						found.add(record);
					}
				}
			}
		}
		return found;
	}

	/** Points a new group at the current end of pay.success, so it sees only what the test publishes. */
	void startGroupAtEnd(String groupId) {
		Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
		endOffsets().forEach((partition, offset) -> offsets.put(partition, new OffsetAndMetadata(offset)));
		get(this.admin.alterConsumerGroupOffsets(groupId, offsets).all());
	}

	/** Sum of the committed offsets of the group on pay.success. */
	long committed(String groupId) {
		return get(this.admin.listConsumerGroupOffsets(groupId).partitionsToOffsetAndMetadata()).entrySet()
			.stream()
			.filter((entry) -> entry.getKey().topic().equals(Topic.PAY_SUCCESS.topicName()))
			.mapToLong((entry) -> (entry.getValue() != null) ? entry.getValue().offset() : 0L)
			.sum();
	}

	/** Sum of the end offsets of pay.success. */
	long end() {
		return endOffsets().values().stream().mapToLong(Long::longValue).sum();
	}

	int partitions() {
		return paySuccessPartitions().size();
	}

	private List<TopicPartition> paySuccessPartitions() {
		return get(this.admin.describeTopics(List.of(Topic.PAY_SUCCESS.topicName())).allTopicNames())
			.get(Topic.PAY_SUCCESS.topicName())
			.partitions()
			.stream()
			.map((info) -> new TopicPartition(Topic.PAY_SUCCESS.topicName(), info.partition()))
			.collect(Collectors.toList());
	}

	private Map<TopicPartition, Long> endOffsets() {
		Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
		for (TopicPartition partition : paySuccessPartitions()) {
			latest.put(partition, OffsetSpec.latest());
		}
		Map<TopicPartition, Long> offsets = new HashMap<>();
		get(this.admin.listOffsets(latest).all()).forEach((partition, info) -> offsets.put(partition, info.offset()));
		return offsets;
	}

	private static <T> T get(KafkaFuture<T> future) {
		try {
			return future.get();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		catch (ExecutionException ex) {
			throw new IllegalStateException("admin call failed", ex);
		}
	}

	static String header(ConsumerRecord<?, ?> record, String name) {
		Header header = record.headers().lastHeader(name);
		return (header != null) ? new String(header.value(), StandardCharsets.UTF_8) : null;
	}

	@Override
	public void close() {
		this.producer.close();
		this.admin.close();
	}

}
