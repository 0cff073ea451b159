package io.payonce.dlt.timeline.streams;

import java.util.Optional;

import io.payonce.dlt.timeline.OrderTimelines;
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
 * The timelines, read with Kafka Streams interactive queries: the active task's store (a standby's copy may lag).
 */
final class StreamsOrderTimelines implements OrderTimelines {

	private final KafkaStreams streams;

	private final HostInfo self;

	StreamsOrderTimelines(KafkaStreams streams, HostInfo self) {
		this.streams = streams;
		this.self = self;
	}

	@Override
	public String self() {
		return this.self.host() + ":" + this.self.port();
	}

	@Override
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

	@Override
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

}
