package io.payonce.reconciliation.continuous.streams;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.payonce.contract.EventCodec;
import io.payonce.contract.PayDeducted;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceEvent;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.Topic;
import io.payonce.contract.UnreadableEventException;
import io.payonce.reconciliation.alert.FindingSink;
import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.OrderView;
import io.payonce.reconciliation.continuous.Reconciler;
import io.payonce.ops.logging.TraceLogContext;
import io.payonce.reconciliation.reversal.ReversalBooked;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.processor.api.RecordMetadata;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Thin adapter: decodes records of {@code pay.success}, {@code pay.deducted} and the reversal notices
 * (co-partitioned by orderNo),
 * lets the {@link Reconciler} decide, keeps the view in the store and forwards findings. Time is Kafka
 * Streams' wall clock ({@code currentSystemTimeMs}, mockable in {@code TopologyTestDriver}).
 */
final class ReconcileProcessor implements Processor<String, byte[], String, Finding> {

	private static final Logger log = LoggerFactory.getLogger(ReconcileProcessor.class);

	private final Reconciler reconciler;

	private final Duration scanInterval;

	private final String reversalsTopic;

	private final FindingSink alerts;

	private static final JsonSerde<ReversalBooked> REVERSALS = new JsonSerde<>(ReversalBooked.class);

	private ProcessorContext<String, Finding> context;

	private KeyValueStore<String, OrderView> store;

	private KeyValueStore<String, String> due;

	ReconcileProcessor(Reconciler reconciler, Duration scanInterval, String reversalsTopic, FindingSink alerts) {
		this.reconciler = reconciler;
		this.scanInterval = scanInterval;
		this.reversalsTopic = reversalsTopic;
		this.alerts = alerts;
	}

	@Override
	public void init(ProcessorContext<String, Finding> context) {
		this.context = context;
		this.store = context.getStateStore(ReconciliationTopology.STORE);
		this.due = context.getStateStore(ReconciliationTopology.DUE_STORE);
		context.schedule(this.scanInterval, PunctuationType.WALL_CLOCK_TIME, this::scan);
	}

	/** Every line about the record (a finding's alert line too) names its order and the trace it travels with. */
	@Override
	public void process(Record<String, byte[]> record) {
		try (TraceLogContext context = TraceLogContext.enter(record.key(),
				header(record.headers(), PayonceHeaders.TRACEPARENT))) {
			reconcile(record);
		}
	}

	private void reconcile(Record<String, byte[]> record) {
		Optional<RecordMetadata> metadata = this.context.recordMetadata();
		String topic = metadata.map(RecordMetadata::topic).orElse("?");
		if (this.reversalsTopic.equals(topic)) {
			processReversal(record, metadata);
			return;
		}
		PayonceEvent event;
		try {
			event = decode(topic, record);
		}
		catch (UnreadableEventException | IllegalArgumentException ex) {
			// An observer cannot repair input; the consumer routes the same record to the terminal topic.
			// Logged as an error with its coordinates so that it is never silently passed over.
			log.error("Unreadable record on {} at {}: {}", topic,
					metadata.map(m -> m.partition() + "@" + m.offset()).orElse("?"), ex.getMessage());
			return;
		}
		Instant now = Instant.ofEpochMilli(this.context.currentSystemTimeMs());
		OrderView current = this.store.get(event.orderNo());
		Reconciler.Outcome outcome;
		if (event instanceof PaySuccess) {
			outcome = this.reconciler.onPayment(current, (PaySuccess) event, header(record.headers(),
					PayonceHeaders.EVENT_ID), now);
		}
		else if (event instanceof PayDeducted) {
			outcome = this.reconciler.onDeduction(current, (PayDeducted) event, now);
		}
		else {
			log.error("Event type {} on {} is not reconciled", event.getClass().getSimpleName(), topic);
			return;
		}
		apply(event.orderNo(), outcome, now);
	}

	private void processReversal(Record<String, byte[]> record, Optional<RecordMetadata> metadata) {
		ReversalBooked reversal;
		try {
			reversal = REVERSALS.deserializer().deserialize(this.reversalsTopic, record.value());
		}
		catch (SerializationException | NullPointerException ex) {
			// written by this service only; logged with its coordinates, never silently passed over
			log.error("Unreadable reversal notice on {} at {}: {}", this.reversalsTopic,
					metadata.map(m -> m.partition() + "@" + m.offset()).orElse("?"), ex.getMessage());
			return;
		}
		if (reversal == null) {
			return;
		}
		Instant now = Instant.ofEpochMilli(this.context.currentSystemTimeMs());
		apply(reversal.orderNo(), this.reconciler.onReversal(this.store.get(reversal.orderNo()), reversal, now), now);
	}

	/**
	 * Visits only the views whose {@link Reconciler#nextCheck} has come, through the due index (key
	 * {@code <epoch ms, 19 digits>|orderNo}, sorted by time). An index entry may be stale (the view changed
	 * since, or is gone): {@code onTick} looks at the view itself, so a stale visit changes nothing.
	 */
	private void scan(long wallClockMs) {
		Instant now = Instant.ofEpochMilli(wallClockMs);
		List<KeyValue<String, String>> dueNow = new ArrayList<>();
		try (KeyValueIterator<String, String> entries = this.due.range(dueKey(0, ""), dueKey(wallClockMs + 1, ""))) {
			entries.forEachRemaining(dueNow::add);
		}
		// applied after the iterator is closed: no store writes under an open iterator
		for (KeyValue<String, String> entry : dueNow) {
			this.due.delete(entry.key);
			OrderView view = this.store.get(entry.value);
			if (view != null) {
				// a MISSING raised here is logged in its order's context (the payment's trace is not kept in the view)
				try (TraceLogContext context = TraceLogContext.enter(entry.value, null)) {
					Reconciler.Outcome outcome = this.reconciler.onTick(view, now);
					apply(entry.value, outcome, now);
					if (!outcome.changed()) {
						schedule(view);
					}
				}
			}
		}
	}

	private void apply(String orderNo, Reconciler.Outcome outcome, Instant now) {
		if (!outcome.changed()) {
			return;
		}
		if (outcome.view() == null) {
			this.store.delete(orderNo);
		}
		else {
			this.store.put(orderNo, outcome.view());
			schedule(outcome.view());
		}
		for (Finding finding : outcome.findings()) {
			this.context.forward(new Record<>(orderNo, finding, now.toEpochMilli()));
			// Alerts are a side effect outside the Streams transaction: after a crash a finding may be raised
			// again, with the same findingId, so receivers can drop the repeat.
			this.alerts.raise(finding);
		}
	}

	private void schedule(OrderView view) {
		this.due.put(dueKey(this.reconciler.nextCheck(view).toEpochMilli(), view.orderNo()), view.orderNo());
	}

	/** Zero-padded so that the string order of the keys is their time order. */
	static String dueKey(long epochMs, String orderNo) {
		return String.format("%019d|%s", epochMs, orderNo);
	}

	private static PayonceEvent decode(String topic, Record<String, byte[]> record) {
		String type = header(record.headers(), PayonceHeaders.EVENT_TYPE);
		if (type == null && Topic.PAY_DEDUCTED.topicName().equals(topic)) {
			return EventCodec.decode(PayDeducted.class, record.value());
		}
		return EventCodec.decode(type, record.value());
	}

	private static String header(Headers headers, String name) {
		Header header = headers.lastHeader(name);
		return (header == null || header.value() == null) ? null
				: new String(header.value(), StandardCharsets.UTF_8);
	}

}
