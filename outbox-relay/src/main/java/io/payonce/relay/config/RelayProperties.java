package io.payonce.relay.config;

import java.util.List;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * What the relay captures and how it starts.
 *
 * @param flavour which binlog connector to run ({@code PAYONCE_RELAY_FLAVOUR}, MARIADB or MYSQL)
 * @param serverName Debezium {@code topic.prefix}: names the connector, its offsets and its metrics; never
 * change it on a running system, the stored offsets are keyed by it
 * @param serverId first of the {@value DebeziumConfiguration#SERVER_IDS} binlog replica ids the relay's instances
 * use (each leadership term takes one at random); reserve the range among the database server's replicas
 * @param outboxTables the captured tables, {@code schema.table}; nothing else is read
 * @param snapshotMode Debezium {@code snapshot.mode}; {@code never} reads the binlog from its beginning on the
 * first start (see package-info for why), {@code no_data} starts at the current position
 */
@Validated
@ConfigurationProperties("payonce.relay")
public record RelayProperties(@DefaultValue("MARIADB") @NotNull ConnectorFlavour flavour,
		@DefaultValue("payonce") @NotBlank String serverName, @DefaultValue("184054") @Positive long serverId,
		@DefaultValue({ "payonce_gateway.t_outbox", "payonce_trade.t_outbox" }) @NotEmpty List<String> outboxTables,
		@DefaultValue("never") @NotBlank String snapshotMode) {

}
