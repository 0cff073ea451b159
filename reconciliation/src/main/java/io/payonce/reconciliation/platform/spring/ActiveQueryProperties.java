package io.payonce.reconciliation.platform.spring;

import java.time.Duration;

import jakarta.validation.constraints.AssertTrue;
import jakarta.validation.constraints.Positive;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Active query ({@code payonce.reconciliation.active-query.*}).
 *
 * @param enabled [PAYONCE_RECONCILIATION_ACTIVE_QUERY_ENABLED, default true]
 * @param minAge an INIT order younger than this is left to its callback [PAYONCE_RECONCILIATION_ACTIVE_QUERY_MIN_AGE,
 * default 10m: past the pipeline's own latency and the platform's first retries, short of a user noticing]
 * @param maxAge an INIT order older than this is no longer asked about; the statement is its check
 * [PAYONCE_RECONCILIATION_ACTIVE_QUERY_MAX_AGE, default 2d]
 * @param interval pause between the end of one sweep and the next [PAYONCE_RECONCILIATION_ACTIVE_QUERY_INTERVAL,
 * default 1m]
 * @param maxPerSweep orders looked at per sweep (platform queries are rate-limited by real platforms); the walk goes
 * on at the next sweep [PAYONCE_RECONCILIATION_ACTIVE_QUERY_MAX_PER_SWEEP, default 1000]
 */
@Validated
@ConfigurationProperties("payonce.reconciliation.active-query")
public record ActiveQueryProperties(Boolean enabled, Duration minAge, Duration maxAge, Duration interval,
		@Positive Integer maxPerSweep) {

	public ActiveQueryProperties {
		if (enabled == null) {
			enabled = Boolean.TRUE;
		}
		if (minAge == null) {
			minAge = Duration.ofMinutes(10);
		}
		if (maxAge == null) {
			maxAge = Duration.ofDays(2);
		}
		if (interval == null || interval.isZero() || interval.isNegative()) {
			interval = Duration.ofMinutes(1);
		}
		if (maxPerSweep == null) {
			maxPerSweep = 1000;
		}
	}

	@AssertTrue(message = "min-age must be >= 0 and shorter than max-age")
	public boolean isAgesOrdered() {
		return !this.minAge.isNegative() && this.minAge.compareTo(this.maxAge) < 0;
	}

}
