package io.payonce.dlt.it;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Predicate;

import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/** Plain Kafka clients against the real broker of the local stack; read_committed like the services. */
final class KafkaTestClient {

	private final String bootstrapServers;

	KafkaTestClient(String bootstrapServers) {
		this.bootstrapServers = bootstrapServers;
	}

	void send(String topic, String key, byte[] value, Map<String, String> headers) throws Exception {
		send(List.of(new Outgoing(topic, key, value, headers)));
	}

	/** Sends all records with one producer and waits for every acknowledgement. */
	void send(List<Outgoing> records) throws Exception {
		Properties config = new Properties();
		config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrapServers);
		config.put(ProducerConfig.ACKS_CONFIG, "all");
		try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(config, new StringSerializer(),
				new ByteArraySerializer())) {
			List<java.util.concurrent.Future<?>> acks = new ArrayList<>();
			for (Outgoing outgoing : records) {
				ProducerRecord<String, byte[]> record = new ProducerRecord<>(outgoing.topic(), outgoing.key(),
						outgoing.value());
				outgoing.headers()
					.forEach((name, text) -> record.headers().add(name, text.getBytes(StandardCharsets.UTF_8)));
				acks.add(producer.send(record));
			}
			for (java.util.concurrent.Future<?> ack : acks) {
				ack.get();
			}
		}
	}

	record Outgoing(String topic, String key, byte[] value, Map<String, String> headers) {

		/**
		 * A first delivery that failed for a low balance, as the consumer writes it to the retry topic: key and
		 * payload order {@code orderNo}.
		 */
		static Outgoing lowBalanceRetry(String eventId, String orderNo) {
			Map<String, String> headers = new java.util.HashMap<>();
			headers.put(PayonceHeaders.EVENT_ID, eventId);
			headers.put(PayonceHeaders.EVENT_TYPE, "PaySuccess");
			headers.put(PayonceHeaders.ATTEMPT, "1");
			headers.put(PayonceHeaders.REASON, "INSUFFICIENT_BALANCE");
			headers.put(PayonceHeaders.ERROR_MESSAGE, "balance 10.00 < 199.00");
			return new Outgoing(Topic.PAY_SUCCESS_RETRY.topicName(), orderNo,
					("{\"orderNo\":\"" + orderNo + "\"}").getBytes(StandardCharsets.UTF_8), headers);
		}

	}

	/** Every committed record of the topic, from the beginning to the current end, that matches. */
	List<ConsumerRecord<String, byte[]>> readAll(String topic, Predicate<ConsumerRecord<String, byte[]>> filter) {
		Properties config = new Properties();
		config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, this.bootstrapServers);
		config.put(ConsumerConfig.GROUP_ID_CONFIG, "dlt-it-" + UUID.randomUUID());
		config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
		config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
		List<ConsumerRecord<String, byte[]>> result = new ArrayList<>();
		try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(config, new StringDeserializer(),
				new ByteArrayDeserializer())) {
			List<TopicPartition> partitions = new ArrayList<>();
			for (PartitionInfo info : consumer.partitionsFor(topic)) {
				partitions.add(new TopicPartition(topic, info.partition()));
			}
			consumer.assign(partitions);
			consumer.seekToBeginning(partitions);
			Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
			while (!reachedEnd(consumer, end)) {
				for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(200))) {
					if (filter.test(record)) {
						result.add(record);
					}
				}
			}
		}
		return result;
	}

	private static boolean reachedEnd(KafkaConsumer<String, byte[]> consumer, Map<TopicPartition, Long> end) {
		for (Map.Entry<TopicPartition, Long> partition : end.entrySet()) {
			if (consumer.position(partition.getKey()) < partition.getValue()) {
				return false;
			}
		}
		return true;
	}

	static String header(ConsumerRecord<String, byte[]> record, String name) {
		Header header = record.headers().lastHeader(name);
		return (header == null) ? null : new String(header.value(), StandardCharsets.UTF_8);
	}

}
