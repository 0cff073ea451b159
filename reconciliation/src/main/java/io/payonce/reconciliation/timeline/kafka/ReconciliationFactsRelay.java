package io.payonce.reconciliation.timeline.kafka;

import java.time.Duration;
import java.util.List;
import java.util.Properties;

import io.payonce.ops.logging.TraceLogContext;
import io.payonce.ops.timeline.TimelinePublisher;
import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.streams.JsonSerde;
import io.payonce.reconciliation.kafka.ConsumerLoop;
import io.payonce.reconciliation.reversal.ReversalBooked;
import io.payonce.reconciliation.timeline.ReconciliationFacts;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the findings topic and the reversals topic in a consumer group of its own ({@code read_committed}, from the
 * earliest record on the group's first start) and publishes one timeline fact per record: the instances of the
 * service share the partitions, so each committed finding and reversal becomes a fact once (twice after a crash
 * between handing it over and committing the offset). The fact keeps the time reconciliation acted.
 */
public final class ReconciliationFactsRelay extends ConsumerLoop {

	private static final Logger log = LoggerFactory.getLogger(ReconciliationFactsRelay.class);

	private static final Duration POLL = Duration.ofMillis(500);

	private static final JsonSerde<Finding> FINDINGS = new JsonSerde<>(Finding.class);

	private static final JsonSerde<ReversalBooked> REVERSALS = new JsonSerde<>(ReversalBooked.class);

	private final String findingsTopic;

	private final String reversalsTopic;

	private final TimelinePublisher timeline;

	/**
	 * @param groupId the group the service's instances share
	 */
	public ReconciliationFactsRelay(String bootstrapServers, String groupId, String findingsTopic,
			String reversalsTopic, TimelinePublisher timeline) {
		super("timeline-facts", config(bootstrapServers, groupId));
		this.findingsTopic = findingsTopic;
		this.reversalsTopic = reversalsTopic;
		this.timeline = timeline;
	}

	private static Properties config(String bootstrapServers, String groupId) {
		Properties config = new Properties();
		config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
		config.put(ConsumerConfig.GROUP_ID_CONFIG, groupId);
		config.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
		config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
		config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
		config.put(ConsumerConfig.CLIENT_ID_CONFIG, "payonce-reconciliation-timeline-facts");
		return config;
	}

	@Override
	public void start() {
		if (!this.timeline.enabled()) {
			log.info("Timeline facts are off (payonce.timeline.enabled=false): findings and reversals are not relayed");
			return;
		}
		super.start();
	}

	@Override
	protected void loop(KafkaConsumer<String, byte[]> kafka) {
		kafka.subscribe(List.of(this.findingsTopic, this.reversalsTopic));
		while (running()) {
			ConsumerRecords<String, byte[]> records = kafka.poll(POLL);
			for (ConsumerRecord<String, byte[]> record : records) {
				try (TraceLogContext order = TraceLogContext.enter(record.key(), null)) {
					publish(record);
				}
			}
			if (!records.isEmpty()) {
				kafka.commitSync();
			}
		}
	}

	@Override
	protected void failed(RuntimeException ex) {
		log.error("Relaying findings and reversals to the timeline stopped: {}", ex.toString());
	}

	private void publish(ConsumerRecord<String, byte[]> record) {
		String service = this.timeline.identity().service();
		String instance = this.timeline.identity().instance();
		try {
			if (this.findingsTopic.equals(record.topic())) {
				Finding finding = FINDINGS.deserializer().deserialize(record.topic(), record.value());
				if (finding != null) {
					this.timeline.publish(ReconciliationFacts.finding(finding, service, instance));
				}
			}
			else {
				ReversalBooked reversal = REVERSALS.deserializer().deserialize(record.topic(), record.value());
				if (reversal != null) {
					this.timeline.publish(ReconciliationFacts.reversal(reversal, service, instance));
				}
			}
		}
		catch (RuntimeException ex) {
			// written by this service only; named with its coordinates, never silently passed over
			log.error("Unreadable record on {} at {}@{}, no timeline fact: {}", record.topic(), record.partition(),
					record.offset(), ex.getMessage());
		}
	}

}
