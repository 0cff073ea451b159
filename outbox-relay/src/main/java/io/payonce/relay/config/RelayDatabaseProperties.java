package io.payonce.relay.config;

import java.time.Duration;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Positive;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The CDC account ({@code PAYONCE_RELAY_DATABASE_HOST|PORT|USER|PASSWORD|SSL}). Only replication rights and
 * reads of the outbox tables, never root. The password has no default (the local profile has one,
 * application-local.yml). {@link #toString()} masks it so that no log line can carry it.
 * <p>
 * {@code reconnectInterval} ({@code PAYONCE_RELAY_DATABASE_RECONNECT_INTERVAL}) is how often the binlog client
 * checks its connection and reconnects after the server went away (Debezium's
 * {@code connect.keep.alive.interval.ms}). Debezium's default, one minute, left the relay silent for a minute
 * or two after every database restart (found by the e2e fault suite, {@code RelayAfterMariaDbRestartIT}).
 */
@Validated
@ConfigurationProperties("payonce.relay.database")
public record RelayDatabaseProperties(@DefaultValue("localhost") @NotBlank String host,
		@DefaultValue("13306") @Positive int port, @DefaultValue("payonce_cdc") @NotBlank String user,
		@NotBlank String password, @DefaultValue("false") boolean ssl,
		@DefaultValue("5s") @NotNull Duration reconnectInterval) {

	@Override
	public String toString() {
		return "RelayDatabaseProperties[host=" + this.host + ", port=" + this.port + ", user=" + this.user
				+ ", password=****, ssl=" + this.ssl + ", reconnectInterval=" + this.reconnectInterval + "]";
	}

}
