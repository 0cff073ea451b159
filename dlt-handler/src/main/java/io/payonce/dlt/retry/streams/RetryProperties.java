package io.payonce.dlt.retry.streams;

import java.time.Duration;
import java.util.List;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotEmpty;

import io.payonce.dlt.retry.RetrySchedule;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The retry ladder ({@code payonce.dlt.retry.*}).
 *
 * @param tiers backoff before retry 1, 2, …; the last tier repeats [PAYONCE_DLT_RETRY_TIERS, comma-separated]
 * @param maxRetries how many re-publishes before terminal; the last delivery attempt is maxRetries + 1
 * [PAYONCE_DLT_RETRY_MAX_RETRIES]
 * @param punctuateInterval how often due records are looked for [PAYONCE_DLT_RETRY_PUNCTUATE_INTERVAL]
 */
@Validated
@ConfigurationProperties("payonce.dlt.retry")
public record RetryProperties(@NotEmpty List<Duration> tiers, @Min(0) Integer maxRetries,
		Duration punctuateInterval) {

	public RetryProperties {
		if (tiers == null || tiers.isEmpty()) {
			tiers = RetrySchedule.defaults().tiers();
		}
		if (maxRetries == null) {
			maxRetries = RetrySchedule.defaults().maxRetries();
		}
		if (punctuateInterval == null || punctuateInterval.isZero() || punctuateInterval.isNegative()) {
			punctuateInterval = Duration.ofSeconds(1);
		}
	}

	public RetrySchedule schedule() {
		return new RetrySchedule(this.tiers, this.maxRetries);
	}

}
