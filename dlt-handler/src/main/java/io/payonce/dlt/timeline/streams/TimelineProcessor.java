package io.payonce.dlt.timeline.streams;

import io.payonce.contract.TimelineFact;
import io.payonce.contract.UnreadableEventException;
import io.payonce.dlt.timeline.Timeline;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Adds each record's fact to its order's timeline in the store. An unreadable record is counted, logged and
 * skipped: the timeline is forensics, not money, and a record that cannot be read now cannot be read on the next
 * attempt either, so stopping the stream for it (a crash loop) would only blind the timeline of every other order.
 */
final class TimelineProcessor implements Processor<String, byte[], Void, Void> {

	private static final Logger log = LoggerFactory.getLogger(TimelineProcessor.class);

	private final PipelineFacts facts;

	private final Runnable unreadable;

	private KeyValueStore<String, byte[]> store;

	private ProcessorContext<Void, Void> context;

	TimelineProcessor(PipelineFacts facts, Runnable unreadable) {
		this.facts = facts;
		this.unreadable = unreadable;
	}

	@Override
	public void init(ProcessorContext<Void, Void> context) {
		this.context = context;
		this.store = context.getStateStore(TimelineTopology.STORE);
	}

	@Override
	public void process(Record<String, byte[]> record) {
		// a source record always has its metadata (only punctuations have none)
		RecordMetadata source = this.context.recordMetadata().orElseThrow();
		TimelineFact fact;
		try {
			fact = this.facts.toFact(source.topic(), source.partition(), source.offset(), record.timestamp(),
					record.key(), record.value(), record.headers());
		}
		catch (UnreadableEventException ex) {
			this.unreadable.run();
			log.warn("Timeline: skipped unreadable record {}-{}@{} (key {}): {}", source.topic(), source.partition(),
					source.offset(), record.key(), ex.getMessage());
			return;
		}
		Timeline current = TimelineJson.decode(this.store.get(record.key()));
		Timeline next = current.with(fact, source.topic() + "-" + source.partition(), source.offset());
		if (next != current) {
			this.store.put(record.key(), TimelineJson.encode(next));
		}
	}

}
