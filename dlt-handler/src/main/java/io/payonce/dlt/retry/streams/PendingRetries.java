package io.payonce.dlt.retry.streams;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import io.payonce.contract.PayonceHeaders;
import io.payonce.dlt.config.HeaderValues;
import io.payonce.dlt.retry.FailureEntry;
import io.payonce.dlt.retry.FailureHistory;
import io.payonce.dlt.retry.PendingRetry;
import io.payonce.dlt.retry.PendingRetryQuery;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.StreamsMetadata;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The retries waiting in the ladder, read with Kafka Streams interactive queries. The pending store is split by
 * partition of {@code pay.success.retry} across the handler instances; each instance reads the partitions it runs
 * (active tasks only: a standby's copy may lag, and counting it would show a retry twice) and names the others that
 * run the rest ({@code application.server} of each, = its console's host and port), which the console then asks.
 */
public final class PendingRetries {

	private final KafkaStreams streams;

	private final HostInfo self;

	PendingRetries(KafkaStreams streams, HostInfo self) {
		this.streams = streams;
		this.self = self;
	}

	/** This instance's {@code host:port} as the others reach it. */
	public String self() {
		return this.self.host() + ":" + this.self.port();
	}

	/**
	 * The matching retries of the partitions this instance runs now.
	 * @throws NotQueryableException while the group rebalances or the ladder is not running: ask again shortly
	 */
	public List<PendingRetry> local(PendingRetryQuery query) {
		List<PendingRetry> found = new ArrayList<>();
		eachLocal((retry) -> {
			if (query.matches(retry)) {
				found.add(retry);
			}
		});
		return query.answer(found);
	}

	private void eachLocal(Consumer<PendingRetry> action) {
		try {
			ReadOnlyKeyValueStore<Bytes, byte[]> store = this.streams.store(StoreQueryParameters
				.fromNameAndType(RetryTopology.PENDING_STORE, QueryableStoreTypes.<Bytes, byte[]>keyValueStore()));
			try (KeyValueIterator<Bytes, byte[]> all = store.all()) {
				while (all.hasNext()) {
					KeyValue<Bytes, byte[]> entry = all.next();
					action.accept(toRetry(PendingKey.decode(entry.key), PendingRecord.fromBytes(entry.value)));
				}
			}
		}
		catch (InvalidStateStoreException ex) {
			throw new NotQueryableException("the retry ladder's store is not queryable now (" + this.streams.state()
					+ "): " + ex.getMessage(), ex);
		}
	}

	/**
	 * How many retries of the partitions this instance runs now wait on each rung: key = the attempt that failed
	 * (tier n holds the payments waiting for retry n). Summed over the instances, it is the whole ladder.
	 * @throws NotQueryableException while the group rebalances or the ladder is not running
	 */
	public Map<Integer, Long> localCountByTier() {
		Map<Integer, Long> counts = new HashMap<>();
		eachLocal((retry) -> counts.merge(retry.attempt(), 1L, Long::sum));
		return counts;
	}

	/**
	 * The other instances that run part of the ladder now, as {@code host:port}.
	 * @throws NotQueryableException while the group rebalances or the ladder is not running
	 */
	public List<String> others() {
		List<String> others = new ArrayList<>();
		try {
			for (StreamsMetadata instance : this.streams.streamsMetadataForStore(RetryTopology.PENDING_STORE)) {
				HostInfo host = instance.hostInfo();
				if (!host.equals(this.self) && !instance.topicPartitions().isEmpty()) {
					others.add(host.host() + ":" + host.port());
				}
			}
		}
		catch (IllegalStateException | InvalidStateStoreException ex) {
			// not started yet (StreamsNotStartedException), or shutting down / failed
			throw new NotQueryableException("the retry ladder's instances are not known now (" + this.streams.state()
					+ "): " + ex.getMessage(), ex);
		}
		return others;
	}

	/** The failure recorded last (the one that put the record on its current rung) describes the wait. */
	static PendingRetry toRetry(PendingKey key, PendingRecord pending) {
		Headers headers = pending.kafkaHeaders();
		Optional<FailureEntry> last = Optional.ofNullable(HeaderValues.bytes(headers, PayonceHeaders.FAILURE_HISTORY))
			.map(FailureHistoryJson::decode)
			.map(FailureHistory::entries)
			.filter((entries) -> !entries.isEmpty())
			.map((entries) -> entries.get(entries.size() - 1));
		long nextAttempt = HeaderValues.numberOr(HeaderValues.text(headers, PayonceHeaders.ATTEMPT), 0);
		return new PendingRetry(pending.key(), key.eventId(),
				last.map(FailureEntry::attempt).orElse((int) Math.max(nextAttempt - 1, 0)),
				last.map(FailureEntry::reason).orElse(null), last.map(FailureEntry::errorMessage).orElse(null),
				last.map(FailureEntry::failedAt).orElse(null), key.dueAt());
	}

	/** The ladder cannot be asked right now (rebalance, start, shutdown): 503, ask again. */
	public static final class NotQueryableException extends RuntimeException {

		public NotQueryableException(String message, Throwable cause) {
			super(message, cause);
		}

	}

}
