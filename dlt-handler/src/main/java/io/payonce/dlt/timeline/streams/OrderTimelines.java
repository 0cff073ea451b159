package io.payonce.dlt.timeline.streams;

import java.util.Optional;

import io.payonce.dlt.timeline.Timeline;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyQueryMetadata;
import org.apache.kafka.streams.StoreQueryParameters;
import org.apache.kafka.streams.errors.InvalidStateStoreException;
import org.apache.kafka.streams.state.HostInfo;
import org.apache.kafka.streams.state.QueryableStoreTypes;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;

/**
 * The timelines, read with Kafka Streams interactive queries. One order's timeline lives on the instance that runs
 * its partition (the active task; a standby's copy may lag); {@link #hostOf} names it, and the console asks that
 * instance when it is not this one.
 */
public final class OrderTimelines {

	private final KafkaStreams streams;

	private final HostInfo self;

	OrderTimelines(KafkaStreams streams, HostInfo self) {
		this.streams = streams;
		this.self = self;
	}

	/** This instance's {@code host:port} as the others reach it. */
	public String self() {
		return this.self.host() + ":" + this.self.port();
	}

	/**
	 * Where the order's timeline is kept now.
	 * @throws NotQueryableException while the group rebalances or the materialiser is not running
	 */
	public Host hostOf(String orderNo) {
		KeyQueryMetadata where;
		try {
			where = this.streams.queryMetadataForKey(TimelineTopology.STORE, orderNo, Serdes.String().serializer());
		}
		catch (IllegalStateException | InvalidStateStoreException ex) {
			throw new NotQueryableException("the timeline's instances are not known now (" + this.streams.state() + "): "
					+ ex.getMessage(), ex);
		}
		if (where == null || KeyQueryMetadata.NOT_AVAILABLE.equals(where)) {
			throw new NotQueryableException(
					"no instance runs the timeline of this order now (" + this.streams.state() + ")", null);
		}
		HostInfo active = where.activeHost();
		return new Host(active.host() + ":" + active.port(), active.equals(this.self), where.partition());
	}

	/**
	 * The order's timeline from this instance's store.
	 * @throws NotQueryableException the store is being restored or moved (rebalance): ask again shortly
	 */
	public Optional<Timeline> local(String orderNo, int partition) {
		try {
			ReadOnlyKeyValueStore<String, byte[]> store = this.streams
				.store(StoreQueryParameters.fromNameAndType(TimelineTopology.STORE, QueryableStoreTypes.<String, byte[]>keyValueStore())
					.withPartition(partition));
			return Optional.ofNullable(store.get(orderNo)).map(TimelineJson::decode);
		}
		catch (InvalidStateStoreException ex) {
			throw new NotQueryableException("the timeline store is not queryable now (" + this.streams.state()
					+ ", rebuilding or moving): " + ex.getMessage(), ex);
		}
	}

	/**
	 * @param instance {@code host:port} of the instance that runs the order's partition
	 * @param self whether that is this instance
	 * @param partition the order's partition
	 */
	public record Host(String instance, boolean self, int partition) {

	}

	/** The timeline cannot be asked right now (rebalance, restore, start, shutdown): 503, ask again. */
	public static final class NotQueryableException extends RuntimeException {

		public NotQueryableException(String message, Throwable cause) {
			super(message, cause);
		}

	}

}
