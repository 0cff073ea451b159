package io.payonce.reconciliation.statement.spring;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.reconciliation.statement.StatementFetch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.scheduling.annotation.Scheduled;

/**
 * Runs {@link StatementFetch} at {@code payonce.reconciliation.statement.fetch.cron} (UTC) on every replica (the
 * import's claim makes one of them import a file), and again every {@code retry-interval} while a round leaves a day
 * to do, at most {@code max-retries} times; then the next scheduled round takes over, and the gauge of the last
 * imported day's age (rule {@code PayonceStatementNotImported}) tells someone. A scheduled round supersedes the
 * retries of the one before (a generation number), and two rounds never overlap on one replica. Counter
 * {@code payonce.reconciliation.statement.fetches{outcome}}: each day of each round, by outcome.
 */
public class StatementFetchJob {

	private static final Logger log = LoggerFactory.getLogger(StatementFetchJob.class);

	static final String FETCHES = "payonce.reconciliation.statement.fetches";

	/** Runs a task at an instant: the scheduler's {@code schedule(Runnable, Instant)}. */
	@FunctionalInterface
	public interface Later {

		void at(Instant when, Runnable task);

	}

	private final StatementFetch fetch;

	private final Later later;

	private final Clock clock;

	private final Duration retryInterval;

	private final int maxRetries;

	private final MeterRegistry meters;

	private final ReentrantLock running = new ReentrantLock();

	private final AtomicLong generation = new AtomicLong();

	public StatementFetchJob(StatementFetch fetch, Later later, Clock clock, Duration retryInterval, int maxRetries,
			MeterRegistry meters) {
		this.fetch = fetch;
		this.later = later;
		this.clock = clock;
		this.retryInterval = retryInterval;
		this.maxRetries = maxRetries;
		this.meters = meters;
		// registered at start, so that the first of each is an increase from 0 that Prometheus' increase() sees
		for (StatementFetch.Outcome outcome : StatementFetch.Outcome.values()) {
			counter(outcome);
		}
	}

	@Scheduled(cron = "${payonce.reconciliation.statement.fetch.cron:0 30 0 * * *}", zone = "UTC")
	public void scheduled() {
		round(this.generation.incrementAndGet(), this.maxRetries);
	}

	void round(long ofGeneration, int retriesLeft) {
		if (ofGeneration != this.generation.get()) {
			return; // a newer scheduled round took over
		}
		if (!this.running.tryLock()) {
			log.info("Statement fetch round skipped: another round is running on this instance");
			return;
		}
		boolean again;
		try {
			StatementFetch.Round round = this.fetch.run();
			round.days().forEach((day) -> counter(day.outcome()).increment());
			log.info("Statement fetch round: {}", round.days());
			again = round.wantsRetry();
		}
		catch (RuntimeException ex) {
			// the trade database could not say which days are imported: nothing was done
			log.warn("Statement fetch round failed: {}", ex.toString());
			again = true;
		}
		finally {
			this.running.unlock();
		}
		if (!again) {
			return;
		}
		if (retriesLeft <= 0) {
			log.warn("Statement fetch: a day is still not imported after {} retries; the next scheduled round tries again",
					this.maxRetries);
			return;
		}
		this.later.at(this.clock.instant().plus(this.retryInterval), () -> round(ofGeneration, retriesLeft - 1));
	}

	private Counter counter(StatementFetch.Outcome outcome) {
		return Counter.builder(FETCHES)
			.description("Statement days looked at by the scheduled fetch, by outcome")
			.tag("outcome", outcome.name().toLowerCase())
			.register(this.meters);
	}

}
