package io.payonce.dlt.retry.streams;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

import io.payonce.contract.FailureReason;
import io.payonce.contract.PayonceHeaders;
import io.payonce.dlt.retry.FailureEntry;
import io.payonce.dlt.retry.FailureHistory;
import io.payonce.dlt.retry.RetrySchedule;
import io.payonce.ops.logging.TraceLogContext;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.processor.PunctuationType;
import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorContext;
import org.apache.kafka.streams.processor.api.Record;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import static io.payonce.dlt.config.HeaderValues.bytes;
import static io.payonce.dlt.config.HeaderValues.numberOr;
import static io.payonce.dlt.config.HeaderValues.text;

/**
 * Holds each record of {@code pay.success.retry} until its backoff is due, then forwards it to the
 * {@code pay.success} sink with attempt + 1; a record whose attempt was the last goes to the terminal sink
 * at once. Time: the failure time is the retry record's timestamp (written by the consumer when it failed);
 * "now" is the wall-clock punctuation timestamp, which TopologyTestDriver lets a test move.
 */
final class BackoffProcessor implements Processor<String, byte[], String, byte[]> {

	private static final Logger log = LoggerFactory.getLogger(BackoffProcessor.class);

	/** Bounds the work of one punctuation; the rest is released on the next tick. */
	private static final int MAX_RELEASES_PER_PUNCTUATION = 1_000;

	private final RetrySchedule schedule;

	private final Duration punctuateInterval;

	private ProcessorContext<String, byte[]> context;

	private KeyValueStore<Bytes, byte[]> store;

	BackoffProcessor(RetrySchedule schedule, Duration punctuateInterval) {
		this.schedule = schedule;
		this.punctuateInterval = punctuateInterval;
	}

	@Override
	public void init(ProcessorContext<String, byte[]> context) {
		this.context = context;
		this.store = context.getStateStore(RetryTopology.PENDING_STORE);
		context.schedule(this.punctuateInterval, PunctuationType.WALL_CLOCK_TIME, this::releaseDue);
	}

	/** Every line about the record names its order and the trace it travels with (the header is kept on each hop). */
	@Override
	public void process(Record<String, byte[]> record) {
		try (TraceLogContext context = TraceLogContext.enter(record.key(),
				text(record.headers(), PayonceHeaders.TRACEPARENT))) {
			hold(record);
		}
	}

	private void hold(Record<String, byte[]> record) {
		Headers in = record.headers();
		String eventId = text(in, PayonceHeaders.EVENT_ID);
		Instant failedAt = Instant.ofEpochMilli(record.timestamp());
		int attempt = attemptOf(in);
		FailureEntry failure = new FailureEntry(attempt, text(in, PayonceHeaders.REASON),
				text(in, PayonceHeaders.ERROR_CLASS), text(in, PayonceHeaders.ERROR_MESSAGE),
				instantOr(text(in, PayonceHeaders.LAST_FAILURE_AT), failedAt), text(in, PayonceHeaders.ORIGIN_TOPIC),
				(int) numberOr(text(in, PayonceHeaders.ORIGIN_PARTITION), -1),
				numberOr(text(in, PayonceHeaders.ORIGIN_OFFSET), -1));
		FailureHistory history = FailureHistoryJson.decode(bytes(in, PayonceHeaders.FAILURE_HISTORY)).append(failure);
		String firstFailureAt = textOr(in, PayonceHeaders.FIRST_FAILURE_AT, failedAt.toString());

		if (eventId == null || eventId.isBlank()) {
			// Without an event id the consumer's guards cannot recognise a re-delivery: an operator decides.
			toTerminal(record, history, firstFailureAt, FailureReason.UNREADABLE, "retry record without header id");
			return;
		}
		RetrySchedule.Decision decision = this.schedule.afterFailure(attempt, failedAt);
		if (decision instanceof RetrySchedule.Retry retry) {
			Headers out = copyWithout(in, PayonceHeaders.ATTEMPT, PayonceHeaders.REASON, PayonceHeaders.ERROR_CLASS,
					PayonceHeaders.ERROR_MESSAGE, PayonceHeaders.ORIGIN_TOPIC, PayonceHeaders.ORIGIN_PARTITION,
					PayonceHeaders.ORIGIN_OFFSET, PayonceHeaders.FAILURE_HISTORY, PayonceHeaders.FIRST_FAILURE_AT,
					PayonceHeaders.LAST_FAILURE_AT);
			put(out, PayonceHeaders.ATTEMPT, Integer.toString(retry.nextAttempt()));
			put(out, PayonceHeaders.FIRST_FAILURE_AT, firstFailureAt);
			put(out, PayonceHeaders.LAST_FAILURE_AT, failure.failedAt().toString());
			out.add(PayonceHeaders.FAILURE_HISTORY, FailureHistoryJson.encode(history));
			// put = upsert on (due time, event id): processing the same retry record again cannot add a twin
			this.store.put(PendingKey.encode(retry.dueAt(), eventId),
					PendingRecord.of(record.key(), record.value(), out).toBytes());
			log.info("Event {} (key {}) attempt {} failed ({}); attempt {} due at {}", eventId, record.key(), attempt,
					failure.reason(), retry.nextAttempt(), retry.dueAt());
		}
		else if (FailureReason.ACCOUNT_FROZEN.name().equals(failure.reason())) {
			// A freeze that outlasts the ladder is still a freeze, not a payment that cannot succeed: terminal under
			// its own reason, so the console names it and the operator replays it after the unfreeze.
			toTerminal(record, history, firstFailureAt, FailureReason.ACCOUNT_FROZEN,
					"account still frozen after attempt " + attempt + ": replay after the unfreeze");
		}
		else {
			toTerminal(record, history, firstFailureAt, FailureReason.RETRIES_EXHAUSTED,
					"retry ladder exhausted after attempt " + attempt);
		}
	}

	private void toTerminal(Record<String, byte[]> record, FailureHistory history, String firstFailureAt,
			FailureReason reason, String why) {
		Headers out = copyWithout(record.headers(), PayonceHeaders.REASON, PayonceHeaders.FAILURE_HISTORY,
				PayonceHeaders.FIRST_FAILURE_AT);
		put(out, PayonceHeaders.REASON, reason.name());
		put(out, PayonceHeaders.FIRST_FAILURE_AT, firstFailureAt);
		if (out.lastHeader(PayonceHeaders.LAST_FAILURE_AT) == null) {
			put(out, PayonceHeaders.LAST_FAILURE_AT, Instant.ofEpochMilli(record.timestamp()).toString());
		}
		out.add(PayonceHeaders.FAILURE_HISTORY, FailureHistoryJson.encode(history));
		this.context.forward(new Record<>(record.key(), record.value(), record.timestamp(), out),
				RetryTopology.TERMINAL_SINK);
		log.warn("Event {} (key {}) moved to terminal: {} ({})", text(record.headers(), PayonceHeaders.EVENT_ID),
				record.key(), reason, why);
	}

	/** Wall-clock punctuation: release every pending record due at {@code now}, oldest first. */
	void releaseDue(long now) {
		List<KeyValue<Bytes, byte[]>> due = new ArrayList<>();
		try (KeyValueIterator<Bytes, byte[]> all = this.store.all()) {
			while (all.hasNext() && due.size() < MAX_RELEASES_PER_PUNCTUATION) {
				KeyValue<Bytes, byte[]> entry = all.next();
				if (PendingKey.decode(entry.key).dueAt().toEpochMilli() > now) {
					break; // keys are ordered by due time: nothing later is due either
				}
				due.add(entry);
			}
		}
		for (KeyValue<Bytes, byte[]> entry : due) {
			PendingRecord pending = PendingRecord.fromBytes(entry.value);
			Headers headers = pending.kafkaHeaders();
			// forward and delete land in the same EOS transaction: both or neither survive a crash
			this.context.forward(new Record<>(pending.key(), pending.value(), now, headers),
					RetryTopology.PAY_SUCCESS_SINK);
			this.store.delete(entry.key);
			try (TraceLogContext context = TraceLogContext.enter(pending.key(),
					text(headers, PayonceHeaders.TRACEPARENT))) {
				log.info("Released event {} (key {}) to pay.success", PendingKey.decode(entry.key).eventId(),
						pending.key());
			}
		}
	}

	private static int attemptOf(Headers headers) {
		long attempt = numberOr(text(headers, PayonceHeaders.ATTEMPT), 1);
		return (int) Math.max(1, Math.min(attempt, Integer.MAX_VALUE));
	}

	private static Headers copyWithout(Headers headers, String... dropped) {
		RecordHeaders copy = new RecordHeaders();
		outer: for (Header header : headers) {
			for (String name : dropped) {
				if (name.equals(header.key())) {
					continue outer;
				}
			}
			copy.add(header.key(), header.value());
		}
		return copy;
	}

	private static void put(Headers headers, String name, String value) {
		headers.remove(name);
		headers.add(name, value.getBytes(StandardCharsets.UTF_8));
	}

	private static String textOr(Headers headers, String name, String fallback) {
		String value = text(headers, name);
		return (value == null || value.isBlank()) ? fallback : value;
	}

	private static Instant instantOr(String text, Instant fallback) {
		if (text == null) {
			return fallback;
		}
		try {
			return Instant.parse(text.trim());
		}
		catch (DateTimeParseException ex) {
			return fallback;
		}
	}

}
