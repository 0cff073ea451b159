package io.payonce.relay.config;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Positive;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * The CDC account ({@code PAYONCE_RELAY_DATABASE_HOST|PORT|USER|PASSWORD|SSL}). Only replication and read
 * grants, never root. {@link #toString()} masks the password so that no log line can carry it.
 */
@Validated
@ConfigurationProperties("payonce.relay.database")
public record RelayDatabaseProperties(@DefaultValue("localhost") @NotBlank String host,
		@DefaultValue("13306") @Positive int port, @DefaultValue("payonce_cdc") @NotBlank String user,
		@DefaultValue("cdc-local") @NotBlank String password, @DefaultValue("false") boolean ssl) {

	@Override
	public String toString() {
		return "RelayDatabaseProperties[host=" + this.host + ", port=" + this.port + ", user=" + this.user
				+ ", password=****, ssl=" + this.ssl + "]";
	}

}
