package io.payonce.dlt.overview.http;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import io.payonce.dlt.overview.Overview;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Runs a scrape round every {@code interval} on its own thread (one round at a time: a slow round delays the next,
 * never overlaps it) and records it, stamped with the time the round began.
 */
final class OverviewSampler implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(OverviewSampler.class);

	private final Overview overview;

	private final PrometheusScraper scraper;

	private final Clock clock;

	private final Duration interval;

	private ScheduledExecutorService executor;

	OverviewSampler(Overview overview, PrometheusScraper scraper, Clock clock, Duration interval) {
		this.overview = overview;
		this.scraper = scraper;
		this.clock = clock;
		this.interval = interval;
	}

	void round() {
		Instant at = this.clock.instant();
		this.overview.record(at, this.scraper.scrapeAll());
	}

	@Override
	public synchronized void start() {
		this.executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "overview-sampler");
			thread.setDaemon(true);
			return thread;
		});
		this.executor.scheduleWithFixedDelay(() -> {
			// a failed round must not end the schedule (an exception would cancel every later round); each target's
			// own failures are already part of the round, so this is a bug's last net, logged loudly
			try {
				round();
			}
			catch (RuntimeException ex) {
				log.error("Overview scrape round failed; the next one runs in {}", this.interval, ex);
			}
		}, 0, this.interval.toMillis(), TimeUnit.MILLISECONDS);
	}

	@Override
	public synchronized void stop() {
		if (this.executor != null) {
			this.executor.shutdownNow();
			this.executor = null;
		}
	}

	@Override
	public synchronized boolean isRunning() {
		return this.executor != null;
	}

}
