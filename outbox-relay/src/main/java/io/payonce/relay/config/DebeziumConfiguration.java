package io.payonce.relay.config;

import java.util.List;
import java.util.Properties;

import io.payonce.contract.PayonceHeaders;
import io.payonce.relay.engine.SourceTimestampHeader;

/**
 * Turns the relay settings into the embedded engine's properties. Plain Java so that a unit test can check
 * the generated properties of both flavours without a database; the only flavour-specific lines come from
 * {@link ConnectorFlavour}.
 */
public final class DebeziumConfiguration {

	static final String OUTBOX_ROUTER = "io.debezium.transforms.outbox.EventRouter";

	/** The network lost the connection to the database: matched against every message of the cause chain. */
	static final String RETRIABLE_CONNECTION_FAILURE = "(?s).*(Connection reset|Broken pipe|Socket closed"
			+ "|Connection refused|Connection timed out|Read timed out|Communications link failure).*";

	/** The binlog replica id: chosen per term (see {@link #SERVER_IDS}), so it is set on each term's copy. */
	public static final String SERVER_ID = "database.server.id";

	/**
	 * How many replica ids, from {@code payonce.relay.server-id} on, the relay's instances use. Each term takes
	 * one at random: a paused or cut-off former leader may still hold its binlog connection, and MariaDB refuses a
	 * second replica with the same id while the first is connected (error 4052), which would keep the new leader
	 * from streaming until the old connection times out.
	 */
	public static final int SERVER_IDS = 1000;

	/** The outbox columns the router reads (see the {@code transforms.outbox.*} lines); nothing else is captured. */
	static final List<String> ROUTED_COLUMNS = List.of("id", "aggregatetype", "aggregateid", "type", "payload");

	private DebeziumConfiguration() {
	}

	public static Properties build(RelayProperties relay, RelayDatabaseProperties database,
			RelayStorageProperties storage, RelayEngineProperties engine, String kafkaBootstrapServers) {
		Properties props = new Properties();
		ConnectorFlavour flavour = relay.flavour();

		// Engine
		props.setProperty("name", relay.serverName() + "-outbox-relay");
		props.setProperty("connector.class", flavour.connectorClass());
		props.setProperty("tasks.max", "1");
		// A retriable connector failure (database restarted, connection lost) restarts the task forever,
		// with backoff; a non-retriable one (binlog purged) ends the engine and turns the health DOWN.
		props.setProperty("errors.max.retries", "-1");
		props.setProperty("errors.retry.delay.initial.ms", "300");
		props.setProperty("errors.retry.delay.max.ms", "10000");
		// Debezium 3.5's MariaDB error handler walks the cause chain and then asks its parent about null, so it
		// classifies NO failure as retriable: a dropped binlog connection ("Connection reset") stopped the engine
		// for good (the e2e fault suite's dropped-connections scenario). These messages are the network losing the
		// connection; the task restarts from its stored position. A purged binlog stays fatal.
		// (an internal Debezium field: Field.createInternal prefixes its name with "internal.")
		props.setProperty("internal.custom.retriable.exception", RETRIABLE_CONNECTION_FAILURE);
		// Batches: handed over when full or after poll.interval.ms, whichever comes first; at ordinary traffic
		// an event waits up to the interval (RelayEngineProperties).
		props.setProperty("poll.interval.ms", Long.toString(engine.pollInterval().toMillis()));
		props.setProperty("max.batch.size", Integer.toString(engine.maxBatchSize()));
		props.setProperty("max.queue.size", Integer.toString(engine.maxQueueSize()));

		// Source database: the CDC account only.
		props.setProperty("database.hostname", database.host());
		props.setProperty("database.port", Integer.toString(database.port()));
		props.setProperty("database.user", database.user());
		props.setProperty("database.password", database.password());
		props.setProperty("database.ssl.mode", flavour.sslMode(database.ssl()));
		props.setProperty(SERVER_ID, Long.toString(relay.serverId()));
		props.setProperty("topic.prefix", relay.serverName());
		props.setProperty("database.include.list", String.join(",", schemasOf(relay)));
		props.setProperty("table.include.list", String.join(",", relay.outboxTables()));
		// Only what the router reads: a timestamp column (created_at) costs a conversion per row on the binlog
		// reader's thread, the one the relay's catch-up rate depends on.
		props.setProperty("column.include.list", String.join(",", routedColumnsOf(relay)));
		props.setProperty("snapshot.mode", relay.snapshotMode());
		props.setProperty("include.schema.changes", "false");
		// Outbox rows are deleted in the writing transaction; the router ignores deletes, and a tombstone
		// after each would only be noise.
		props.setProperty("tombstones.on.delete", "false");
		// ... and the deletes themselves are skipped at the source (truncates too, Debezium's default). The router
		// would drop them, but only after they had taken half of the queue, of every batch and of the binlog
		// reader's time (see package-info). Skipping one stores no position; after a restart it is read and
		// skipped again, which re-sends nothing.
		props.setProperty("skipped.operations", "d,t");
		props.setProperty("extended.headers.enabled", "false");
		props.setProperty("connect.keep.alive", "true");
		// How soon the binlog client notices a restarted server and reconnects (Debezium's default is 1 min).
		props.setProperty("connect.keep.alive.interval.ms", Long.toString(database.reconnectInterval().toMillis()));

		// Durable position and schema history, on Kafka (see package-info).
		props.setProperty("offset.storage", "org.apache.kafka.connect.storage.KafkaOffsetBackingStore");
		props.setProperty("bootstrap.servers", kafkaBootstrapServers);
		props.setProperty("offset.storage.topic", storage.offsetsTopic());
		props.setProperty("offset.storage.partitions", "1");
		props.setProperty("offset.storage.replication.factor", Short.toString(storage.replicationFactor()));
		props.setProperty("offset.flush.interval.ms", Long.toString(storage.flushInterval().toMillis()));
		props.setProperty("offset.flush.timeout.ms", "10000");
		props.setProperty("schema.history.internal", "io.debezium.storage.kafka.history.KafkaSchemaHistory");
		props.setProperty("schema.history.internal.kafka.bootstrap.servers", kafkaBootstrapServers);
		props.setProperty("schema.history.internal.kafka.topic", storage.schemaHistoryTopic());
		props.setProperty("schema.history.internal.kafka.topic.replication.factor",
				Short.toString(storage.replicationFactor()));
		props.setProperty("schema.history.internal.store.only.captured.tables.ddl", "true");
		props.setProperty("schema.history.internal.store.only.captured.databases.ddl", "true");

		// Headers reach us as Connect headers; the Json converter is the one the engine accepts here.
		props.setProperty("header.converter", "org.apache.kafka.connect.json.JsonConverter");
		props.setProperty("header.converter.schemas.enable", "false");

		// SMTs: first remember the binlog timestamp (for the lag metric), then the outbox router.
		props.setProperty("transforms", "sourceTs,outbox");
		props.setProperty("transforms.sourceTs.type", SourceTimestampHeader.class.getName());
		props.setProperty("transforms.outbox.type", OUTBOX_ROUTER);
		props.setProperty("transforms.outbox.route.by.field", "aggregatetype");
		props.setProperty("transforms.outbox.route.topic.replacement", "${routedByValue}");
		props.setProperty("transforms.outbox.table.field.event.id", "id");
		props.setProperty("transforms.outbox.table.field.event.key", "aggregateid");
		props.setProperty("transforms.outbox.table.field.event.payload", "payload");
		props.setProperty("transforms.outbox.table.fields.additional.placement",
				"type:header:" + PayonceHeaders.EVENT_TYPE);
		// The payload column is sent as the bytes of its string: the consumer reads the JSON as written.
		props.setProperty("transforms.outbox.table.expand.json.payload", "false");
		props.setProperty("transforms.outbox.route.tombstone.on.empty.payload", "false");
		return props;
	}

	/** A copy of the engine properties for one term, with its own binlog replica id. */
	public static Properties forTerm(Properties engine, long serverId) {
		Properties term = new Properties();
		term.putAll(engine);
		term.setProperty(SERVER_ID, Long.toString(serverId));
		return term;
	}

	private static List<String> schemasOf(RelayProperties relay) {
		return relay.outboxTables().stream().map(table -> {
			int dot = table.indexOf('.');
			if (dot <= 0) {
				throw new IllegalArgumentException("Outbox table must be schema.table: " + table);
			}
			return table.substring(0, dot);
		}).distinct().toList();
	}

	/** One regular expression per table, matching {@code schema.table.column} of the routed columns. */
	private static List<String> routedColumnsOf(RelayProperties relay) {
		return relay.outboxTables()
			.stream()
			.map((table) -> table.replace(".", "\\.") + "\\.(" + String.join("|", ROUTED_COLUMNS) + ")")
			.toList();
	}

}
