package io.payonce.gateway.callback;

import java.time.Duration;

import io.payonce.gateway.callback.domain.GroupCommit;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Group commit of the callbacks ({@code payonce.gateway.group-commit.*}, README "Group commit").
 *
 * @param enabled {@code false}: every callback its own transaction, as before issue 19
 * [{@code PAYONCE_GATEWAY_GROUP_COMMIT_ENABLED}]
 * @param maxBatch the most callbacks in one transaction; 13 parameters a row in one statement
 * [{@code PAYONCE_GATEWAY_GROUP_COMMIT_MAX_BATCH}]
 * @param maxWait the longest a callback waits for others to share its transaction, when fewer than
 * {@code maxBatch} are queued; {@code 0}: only what is queued already [{@code PAYONCE_GATEWAY_GROUP_COMMIT_MAX_WAIT}]
 * @param writers threads writing batches, each holding one pooled connection while it writes
 * [{@code PAYONCE_GATEWAY_GROUP_COMMIT_WRITERS}]
 */
@Validated
@ConfigurationProperties("payonce.gateway.group-commit")
public record GroupCommitProperties(@DefaultValue("true") boolean enabled,
		@DefaultValue("64") @Min(1) @Max(1000) int maxBatch, @DefaultValue("2ms") @NotNull Duration maxWait,
		@DefaultValue("2") @Min(1) @Max(8) int writers) {

	public GroupCommitProperties {
		if (maxWait != null && (maxWait.isNegative() || maxWait.compareTo(Duration.ofSeconds(1)) > 0)) {
			throw new IllegalArgumentException(
					"payonce.gateway.group-commit.max-wait must lie between 0 and 1s (a callback waits that long), not "
							+ maxWait);
		}
	}

	/** The domain's settings, or {@code null} when group commit is off. */
	GroupCommit.Settings settings() {
		return this.enabled ? new GroupCommit.Settings(this.maxBatch, this.maxWait, this.writers) : null;
	}

}
