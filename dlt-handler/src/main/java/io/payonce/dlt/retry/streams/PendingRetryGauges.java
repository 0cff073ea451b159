package io.payonce.dlt.retry.streams;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * {@code payonce.dlt.retry.pending{tier}}: the retries this instance holds on each rung of the ladder (tier n: the
 * payments whose attempt n failed, waiting for retry n), from its active partitions; summed over the instances it is
 * the whole ladder (the overview screen and Prometheus sum them). NaN while the store cannot be read (start,
 * rebalance): unknown, not zero. One scan of the store serves every tier of one scrape (counts are kept a second).
 */
final class PendingRetryGauges {

	static final String PENDING = "payonce.dlt.retry.pending";

	private static final Duration FRESH = Duration.ofSeconds(1);

	private final PendingRetries ladder;

	private final Clock clock;

	private Instant countedAt;

	private Map<Integer, Long> counts;

	PendingRetryGauges(PendingRetries ladder, Clock clock, MeterRegistry registry, int tiers) {
		this.ladder = ladder;
		this.clock = clock;
		for (int tier = 1; tier <= tiers; tier++) {
			int rung = tier;
			Gauge.builder(PENDING, this, (gauges) -> gauges.pending(rung))
				.description("Retries waiting on this rung of the ladder (tier n: attempt n failed), this instance's partitions")
				.tag("tier", Integer.toString(tier))
				.register(registry);
		}
	}

	synchronized double pending(int tier) {
		Instant now = this.clock.instant();
		if (this.counts == null || this.countedAt.plus(FRESH).isBefore(now)) {
			try {
				this.counts = this.ladder.localCountByTier();
			}
			catch (PendingRetries.NotQueryableException ex) {
				this.counts = null;
				return Double.NaN;
			}
			this.countedAt = now;
		}
		return this.counts.getOrDefault(tier, 0L);
	}

}
