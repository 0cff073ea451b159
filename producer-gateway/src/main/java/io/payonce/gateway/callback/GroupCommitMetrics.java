package io.payonce.gateway.callback;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.gateway.callback.domain.GroupCommit;
import io.payonce.gateway.callback.domain.StoreUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What became of each group commit batch, as metrics (Prometheus names):
 * <ul>
 * <li>{@code payonce_gateway_group_commit_batch_size}: callbacks per batch taken (summary with buckets);</li>
 * <li>{@code payonce_gateway_group_commit_commits_total}: batch transactions committed;</li>
 * <li>{@code payonce_gateway_group_commit_callbacks_total{path="batch"|"single"}}: callbacks answered from a batch's
 * commit, and those that took the single path (alone in their batch, a taken key, a payment twice in one batch, a
 * batch failed);</li>
 * <li>{@code payonce_gateway_group_commit_failures_total{outcome="unavailable"|"fallback"}}: batches answered 503,
 * and batches rolled back whose callbacks took the single path.</li>
 * </ul>
 * Commits per payment: {@code commits_total} plus the single path's transactions, over the payments; the benchmark
 * reads MariaDB's own {@code Com_commit} for that.
 */
class GroupCommitMetrics implements GroupCommit.Observer {

	private static final Logger log = LoggerFactory.getLogger(GroupCommitMetrics.class);

	private final DistributionSummary batchSize;

	private final Counter commits;

	private final Counter batched;

	private final Counter single;

	private final Counter unavailable;

	private final Counter fallbacks;

	GroupCommitMetrics(MeterRegistry registry) {
		this.batchSize = DistributionSummary.builder("payonce.gateway.group.commit.batch.size")
			.description("Callbacks per group commit batch")
			.serviceLevelObjectives(1, 2, 4, 8, 16, 32, 64, 128)
			.register(registry);
		this.commits = Counter.builder("payonce.gateway.group.commit.commits")
			.description("Group commit batch transactions committed")
			.register(registry);
		this.batched = callbacks(registry, "batch");
		this.single = callbacks(registry, "single");
		this.unavailable = failures(registry, "unavailable");
		this.fallbacks = failures(registry, "fallback");
	}

	private static Counter callbacks(MeterRegistry registry, String path) {
		return Counter.builder("payonce.gateway.group.commit.callbacks")
			.description("Callbacks answered from a batch's commit (batch) or left to the single path (single)")
			.tag("path", path)
			.register(registry);
	}

	private static Counter failures(MeterRegistry registry, String outcome) {
		return Counter.builder("payonce.gateway.group.commit.failures")
			.description("Batches answered 503 (unavailable) or rolled back to the single path (fallback)")
			.tag("outcome", outcome)
			.register(registry);
	}

	@Override
	public void lone() {
		this.batchSize.record(1);
		this.single.increment();
	}

	@Override
	public void committed(int size, int decided) {
		this.batchSize.record(size);
		this.commits.increment();
		this.batched.increment(decided);
		this.single.increment(size - decided);
	}

	@Override
	public void unavailable(int size, StoreUnavailableException cause) {
		this.batchSize.record(size);
		this.unavailable.increment();
		log.warn("Group commit of {} callback(s) not written, each answered 503: {}", size, cause.getMessage());
	}

	@Override
	public void fellBack(int size, RuntimeException cause) {
		this.batchSize.record(size);
		this.fallbacks.increment();
		this.single.increment(size);
		log.warn("Group commit of {} callback(s) rolled back, each decided on its own now: {}", size,
				cause.toString());
	}

}
