package io.payonce.gateway.callback;

import java.time.Duration;

import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Outbox clean-up ({@code payonce.gateway.outbox.*}).
 *
 * @param cleanup [{@code PAYONCE_GATEWAY_OUTBOX_CLEANUP}]
 * @param retention with {@link Cleanup#RETENTION}: how long rows are kept
 * [{@code PAYONCE_GATEWAY_OUTBOX_RETENTION}]
 * @param purgeInterval with {@link Cleanup#RETENTION}: how often old rows are deleted
 * [{@code PAYONCE_GATEWAY_OUTBOX_PURGE_INTERVAL}]
 */
@Validated
@ConfigurationProperties("payonce.gateway.outbox")
public record OutboxProperties(@DefaultValue("IMMEDIATE") @NotNull Cleanup cleanup,
		@DefaultValue("7d") @NotNull Duration retention, @DefaultValue("1m") @NotNull Duration purgeInterval) {

	public enum Cleanup {

		/** Insert and delete in the same transaction; the table stays empty (the relay ignores deletes). */
		IMMEDIATE,

		/** Keep rows; a scheduled job deletes them after {@code retention}. */
		RETENTION

	}

}
