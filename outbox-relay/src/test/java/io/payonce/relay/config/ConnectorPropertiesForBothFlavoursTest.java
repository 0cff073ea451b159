package io.payonce.relay.config;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class ConnectorPropertiesForBothFlavoursTest {

	private static final RelayDatabaseProperties DATABASE = new RelayDatabaseProperties("db.internal", 3306,
			"payonce_cdc", "s3cret", false, Duration.ofSeconds(5));

	private static final RelayStorageProperties STORAGE = new RelayStorageProperties("payonce.relay.offsets",
			"payonce.relay.schema-history", (short) 3, Duration.ofSeconds(1));

	private static final RelayEngineProperties ENGINE = new RelayEngineProperties(Duration.ofMillis(25), 2048, 8192);

	private static RelayProperties relay(ConnectorFlavour flavour) {
		return new RelayProperties(flavour, "payonce", 184054,
				List.of("payonce_gateway.t_outbox", "payonce_trade.t_outbox"), "never");
	}

	@Test
	void mariaDbFlavourUsesTheMariaDbConnectorAndItsTlsSpelling() {
		// given / when
		Properties props = DebeziumConfiguration.build(relay(ConnectorFlavour.MARIADB), DATABASE, STORAGE,
				ENGINE, "kafka:9092");

		// then
		assertThat(props.getProperty("connector.class")).isEqualTo("io.debezium.connector.mariadb.MariaDbConnector");
		assertThat(props.getProperty("database.ssl.mode")).isEqualTo("disable");
	}

	@Test
	void theBinlogClientChecksItsConnectionAtTheConfiguredIntervalNotDebeziumsMinute() {
		// given / when
		Properties props = DebeziumConfiguration.build(relay(ConnectorFlavour.MARIADB), DATABASE, STORAGE,
				ENGINE, "kafka:9092");

		// then: a restarted database is noticed within seconds (RelayAfterMariaDbRestartIT in e2e-tests)
		assertThat(props.getProperty("connect.keep.alive")).isEqualTo("true");
		assertThat(props.getProperty("connect.keep.alive.interval.ms")).isEqualTo("5000");
	}

	@Test
	void aConnectionTheNetworkDroppedRestartsTheTaskWhileAPurgedBinlogStaysFatal() {
		// given
		Properties props = DebeziumConfiguration.build(relay(ConnectorFlavour.MARIADB), DATABASE, STORAGE,
				ENGINE, "kafka:9092");
		Pattern retriable = Pattern.compile(props.getProperty("internal.custom.retriable.exception"));

		// then: Debezium matches the regex against each message of the cause chain (the key is the one of its
		// CommonConnectorConfig.CUSTOM_RETRIABLE_EXCEPTION, an internal field)
		assertThat(io.debezium.config.CommonConnectorConfig.CUSTOM_RETRIABLE_EXCEPTION.name())
			.isEqualTo("internal.custom.retriable.exception");
		assertThat(retriable.matcher("Connection reset").matches()).isTrue();
		assertThat(retriable.matcher("java.net.SocketException: Broken pipe (Write failed)").matches()).isTrue();
		assertThat(retriable.matcher("Could not find first log file name in binary log index file").matches())
			.isFalse();
		assertThat(retriable.matcher("Client requested master to start replication from position > file size")
			.matches()).isFalse();
	}

	@Test
	void eachTermGetsItsOwnReplicaIdOnACopyOfTheProperties() {
		// given
		Properties base = DebeziumConfiguration.build(relay(ConnectorFlavour.MARIADB), DATABASE, STORAGE, ENGINE,
				"kafka:9092");

		// when
		Properties term = DebeziumConfiguration.forTerm(base, 184_054 + 731);

		// then the term's id differs, everything else is the same, and the base is untouched
		assertThat(term.getProperty(DebeziumConfiguration.SERVER_ID)).isEqualTo("184785");
		assertThat(base.getProperty(DebeziumConfiguration.SERVER_ID)).isEqualTo("184054");
		term.remove(DebeziumConfiguration.SERVER_ID);
		Properties rest = new Properties();
		rest.putAll(base);
		rest.remove(DebeziumConfiguration.SERVER_ID);
		assertThat(term).isEqualTo(rest);
	}

	@Test
	void mySqlFlavourUsesTheMySqlConnectorAndItsTlsSpelling() {
		// given / when
		Properties props = DebeziumConfiguration.build(relay(ConnectorFlavour.MYSQL),
				new RelayDatabaseProperties("db.internal", 3306, "payonce_cdc", "s3cret", true, Duration.ofSeconds(5)), STORAGE,
				ENGINE, "kafka:9092");

		// then
		assertThat(props.getProperty("connector.class")).isEqualTo("io.debezium.connector.mysql.MySqlConnector");
		assertThat(props.getProperty("database.ssl.mode")).isEqualTo("required");
	}

	@Test
	void bothFlavoursDifferOnlyInConnectorClassAndTlsMode() {
		// given
		Properties mariadb = DebeziumConfiguration.build(relay(ConnectorFlavour.MARIADB), DATABASE, STORAGE, ENGINE,
				"k:1");
		Properties mysql = DebeziumConfiguration.build(relay(ConnectorFlavour.MYSQL), DATABASE, STORAGE, ENGINE, "k:1");

		// when
		mariadb.keySet().removeAll(List.of("connector.class", "database.ssl.mode"));
		mysql.keySet().removeAll(List.of("connector.class", "database.ssl.mode"));

		// then
		assertThat(mysql).isEqualTo(mariadb);
	}

	@Test
	void capturesOnlyTheOutboxTablesAsTheCdcUser() {
		// given / when
		Properties props = DebeziumConfiguration.build(relay(ConnectorFlavour.MYSQL), DATABASE, STORAGE, ENGINE, "k:1");

		// then
		assertThat(props.getProperty("table.include.list"))
			.isEqualTo("payonce_gateway.t_outbox,payonce_trade.t_outbox");
		assertThat(props.getProperty("database.include.list")).isEqualTo("payonce_gateway,payonce_trade");
		assertThat(props.getProperty("database.user")).isEqualTo("payonce_cdc");
		assertThat(props.getProperty("database.hostname")).isEqualTo("db.internal");
		assertThat(props.getProperty("database.port")).isEqualTo("3306");
		assertThat(props.getProperty("database.server.id")).isEqualTo("184054");
		assertThat(props.getProperty("snapshot.mode")).isEqualTo("never");
		assertThat(props.getProperty("include.schema.changes")).isEqualTo("false");
		assertThat(props.getProperty("tombstones.on.delete")).isEqualTo("false");
	}

	@Test
	void routesByAggregateTypeWithKeyIdAndEventTypeHeaderAndRawPayload() {
		// given / when
		Properties props = DebeziumConfiguration.build(relay(ConnectorFlavour.MARIADB), DATABASE, STORAGE, ENGINE,
				"k:1");

		// then
		assertThat(props.getProperty("transforms")).isEqualTo("sourceTs,outbox");
		assertThat(props.getProperty("transforms.outbox.type")).isEqualTo("io.debezium.transforms.outbox.EventRouter");
		assertThat(props.getProperty("transforms.outbox.route.by.field")).isEqualTo("aggregatetype");
		assertThat(props.getProperty("transforms.outbox.route.topic.replacement")).isEqualTo("${routedByValue}");
		assertThat(props.getProperty("transforms.outbox.table.field.event.key")).isEqualTo("aggregateid");
		assertThat(props.getProperty("transforms.outbox.table.field.event.id")).isEqualTo("id");
		assertThat(props.getProperty("transforms.outbox.table.fields.additional.placement"))
			.isEqualTo("type:header:eventType");
		assertThat(props.getProperty("transforms.outbox.table.expand.json.payload")).isEqualTo("false");
		assertThat(props.getProperty("header.converter")).isEqualTo("org.apache.kafka.connect.json.JsonConverter");
		assertThat(props.getProperty("extended.headers.enabled")).isEqualTo("false");
	}

	@Test
	void keepsOffsetsAndSchemaHistoryInKafkaTopics() {
		// given / when
		Properties props = DebeziumConfiguration.build(relay(ConnectorFlavour.MARIADB), DATABASE, STORAGE,
				ENGINE, "kafka:9092");

		// then
		assertThat(props.getProperty("offset.storage"))
			.isEqualTo("org.apache.kafka.connect.storage.KafkaOffsetBackingStore");
		assertThat(props.getProperty("offset.storage.topic")).isEqualTo("payonce.relay.offsets");
		assertThat(props.getProperty("offset.storage.replication.factor")).isEqualTo("3");
		assertThat(props.getProperty("bootstrap.servers")).isEqualTo("kafka:9092");
		assertThat(props.getProperty("schema.history.internal"))
			.isEqualTo("io.debezium.storage.kafka.history.KafkaSchemaHistory");
		assertThat(props.getProperty("schema.history.internal.kafka.topic")).isEqualTo("payonce.relay.schema-history");
		assertThat(props.getProperty("schema.history.internal.kafka.bootstrap.servers")).isEqualTo("kafka:9092");
		assertThat(props.getProperty("offset.flush.interval.ms")).isEqualTo("1000");
	}

	@Test
	void aBatchIsHandedOverAfterThePollIntervalEvenWhenNotFull() {
		// given / when
		Properties props = DebeziumConfiguration.build(relay(ConnectorFlavour.MARIADB), DATABASE, STORAGE,
				new RelayEngineProperties(Duration.ofMillis(25), 4096, 16384), "k:1");

		// then: Debezium's 500 ms default held every event up to half a second at ordinary traffic
		assertThat(props.getProperty("poll.interval.ms")).isEqualTo("25");
		assertThat(props.getProperty("max.batch.size")).isEqualTo("4096");
		assertThat(props.getProperty("max.queue.size")).isEqualTo("16384");
	}

	@Test
	void outboxDeletesAreSkippedAtTheSourceAndOnlyTheRoutedColumnsAreCaptured() {
		// given / when
		Properties props = DebeziumConfiguration.build(relay(ConnectorFlavour.MARIADB), DATABASE, STORAGE, ENGINE,
				"k:1");

		// then: deletes and truncates never reach the queue
		assertThat(props.getProperty("skipped.operations")).isEqualTo("d,t");
		// and of each outbox table exactly the columns the router reads
		List<Pattern> columns = Stream.of(props.getProperty("column.include.list").split(","))
			.map(Pattern::compile)
			.toList();
		for (String table : List.of("payonce_gateway.t_outbox", "payonce_trade.t_outbox")) {
			for (String column : List.of("id", "aggregatetype", "aggregateid", "type", "payload")) {
				assertThat(columns).as(table + "." + column)
					.anyMatch((regex) -> regex.matcher(table + "." + column).matches());
			}
			assertThat(columns).as(table + ".created_at")
				.noneMatch((regex) -> regex.matcher(table + ".created_at").matches());
		}
		assertThat(columns).noneMatch((regex) -> regex.matcher("payonce_gatewayXt_outbox.id").matches());
	}

	@Test
	void aQueueNoLargerThanABatchIsRefusedWhileBinding() {
		// when / then
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RelayEngineProperties(Duration.ofMillis(25), 2048, 2048))
			.withMessageContaining("max-queue-size");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new RelayEngineProperties(Duration.ZERO, 2048, 8192))
			.withMessageContaining("poll-interval");
	}

	@Test
	void refusesATableWithoutSchema() {
		// given
		RelayProperties relay = new RelayProperties(ConnectorFlavour.MARIADB, "payonce", 1, List.of("t_outbox"),
				"never");

		// when / then
		assertThatIllegalArgumentException()
			.isThrownBy(() -> DebeziumConfiguration.build(relay, DATABASE, STORAGE, ENGINE, "k:1"))
			.withMessageContaining("t_outbox");
	}

	@Test
	void databaseSettingsNeverPrintThePassword() {
		assertThat(DATABASE.toString()).doesNotContain("s3cret").contains("payonce_cdc");
	}

}
