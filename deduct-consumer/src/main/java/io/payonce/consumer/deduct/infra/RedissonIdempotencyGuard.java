package io.payonce.consumer.deduct.infra;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.payonce.consumer.deduct.domain.Claim;
import io.payonce.consumer.deduct.domain.ClaimOutcome;
import io.payonce.consumer.deduct.domain.ClaimRequest;
import io.payonce.consumer.deduct.domain.Completion;
import io.payonce.consumer.deduct.domain.GuardEntry;
import io.payonce.consumer.deduct.domain.GuardUnavailableException;
import io.payonce.consumer.deduct.domain.IdempotencyGuard;
import io.payonce.consumer.deduct.domain.ReleaseResult;
import org.redisson.api.BatchOptions;
import org.redisson.api.RBatch;
import org.redisson.api.RBucketAsync;
import org.redisson.api.RFuture;
import org.redisson.api.RScript;
import org.redisson.api.RScriptAsync;
import org.redisson.api.RedissonClient;
import org.redisson.client.RedisException;
import org.redisson.client.codec.StringCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link IdempotencyGuard} on Redis through Redisson. A claim is one atomic {@code SET key value NX PX lease}
 * (never exists-then-set), followed in the same round trip by a GET of what holds the key; completion and
 * release are Lua compare-and-swap scripts on the exact value, so a consumer never overwrites or deletes
 * another's claim. The commands of a whole poll go out in one {@link RBatch} (one round trip, executed in
 * order), which is what lets duplicates pass at Kafka speed without touching the database.
 */
public class RedissonIdempotencyGuard implements IdempotencyGuard {

	private static final Logger log = LoggerFactory.getLogger(RedissonIdempotencyGuard.class);

	/** DONE only if the key still holds what we expect, or nothing at all (expired, flushed). */
	private static final String MARK_DONE = """
			local current = redis.call('get', KEYS[1])
			if current == false or current == ARGV[1] then
			  redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3])
			  return 1
			end
			return 0
			""";

	/** Compare-and-delete: only the own entry. */
	private static final String RELEASE = """
			if redis.call('get', KEYS[1]) == ARGV[1] then
			  return redis.call('del', KEYS[1])
			end
			return 0
			""";

	private final RedissonClient redisson;

	private final RedisGuardProperties properties;

	/** Owner tokens: unique per process start, then a sequence (no SecureRandom per record). */
	private final String instanceId = UUID.randomUUID().toString();

	private final AtomicLong ownerSequence = new AtomicLong();

	public RedissonIdempotencyGuard(RedissonClient redisson, RedisGuardProperties properties) {
		this.redisson = redisson;
		this.properties = properties;
	}

	@Override
	public Claim claim(String orderNo, String fingerprint) {
		return claimAll(List.of(new ClaimRequest(orderNo, fingerprint))).get(0);
	}

	@Override
	public boolean markDone(Claim claim, String fingerprint) {
		return completeAll(List.of(new Completion(claim, fingerprint, true))).get(0);
	}

	@Override
	public ReleaseResult release(Claim claim) {
		if (claim.mine().isEmpty()) {
			return ReleaseResult.NOTHING_HELD;
		}
		String fingerprint = claim.mine().get().fingerprint();
		return completeAll(List.of(new Completion(claim, fingerprint, false))).get(0) ? ReleaseResult.RELEASED
				: ReleaseResult.NOT_OWNER;
	}

	@Override
	public List<Claim> claimAll(List<ClaimRequest> requests) {
		RBatch batch = newBatch();
		List<GuardEntry> mine = new ArrayList<>(requests.size());
		List<RFuture<Boolean>> won = new ArrayList<>(requests.size());
		List<RFuture<String>> found = new ArrayList<>(requests.size());
		for (ClaimRequest request : requests) {
			GuardEntry entry = GuardEntry.processing(request.fingerprint(), newOwnerToken());
			mine.add(entry);
			RBucketAsync<String> bucket = batch.getBucket(key(request.orderNo()), StringCodec.INSTANCE);
			// SET NX PX, then GET in the same round trip: what holds the key if the SET lost.
			won.add(bucket.setIfAbsentAsync(entry.encode(), this.properties.lease()));
			found.add(bucket.getAsync());
		}
		execute(batch);
		List<Claim> claims = new ArrayList<>(requests.size());
		for (int i = 0; i < requests.size(); i++) {
			ClaimRequest request = requests.get(i);
			String observed = answer(found.get(i));
			if (Boolean.TRUE.equals(answer(won.get(i)))) {
				if (log.isDebugEnabled()) {
					log.debug("guard key={} ttl={} claimed PROCESSING", key(request.orderNo()), this.properties.lease());
				}
				claims.add(Claim.acquired(request.orderNo(), mine.get(i)));
			}
			else if (observed != null) {
				claims.add(Claim.found(request.orderNo(),
						GuardEntry.judge(GuardEntry.parse(observed), request.fingerprint()), observed));
			}
			else {
				// Held at the SET, gone at the GET (expired or deleted in between): do not guess, the database
				// decides.
				claims.add(Claim.found(request.orderNo(), ClaimOutcome.HELD_BY_OTHER, null));
			}
		}
		return claims;
	}

	@Override
	public List<Boolean> completeAll(List<Completion> completions) {
		RBatch batch = newBatch();
		RScriptAsync script = batch.getScript(StringCodec.INSTANCE);
		String ttl = Long.toString(this.properties.ttl().toMillis());
		List<RFuture<Long>> answers = new ArrayList<>(completions.size());
		for (Completion completion : completions) {
			Claim claim = completion.claim();
			List<Object> key = List.of(key(claim.orderNo()));
			if (completion.done()) {
				String expected = claim.mine().map(GuardEntry::encode).orElseGet(() -> claim.observed().orElse(""));
				GuardEntry done = claim.mine()
					.orElseGet(() -> GuardEntry.processing(completion.fingerprint(), newOwnerToken()))
					.done();
				answers.add(script.evalAsync(RScript.Mode.READ_WRITE, MARK_DONE, RScript.ReturnType.LONG, key,
						expected, done.encode(), ttl));
			}
			else {
				// Only the own entry is ever deleted; a claim that owns nothing deletes nothing.
				String own = claim.mine().map(GuardEntry::encode).orElse("");
				answers.add(script.evalAsync(RScript.Mode.READ_WRITE, RELEASE, RScript.ReturnType.LONG, key, own));
			}
		}
		execute(batch);
		List<Boolean> applied = new ArrayList<>(completions.size());
		for (int i = 0; i < completions.size(); i++) {
			Long answer = answer(answers.get(i));
			boolean yes = answer != null && answer == 1L;
			applied.add(yes);
			if (yes && log.isDebugEnabled()) {
				log.debug("guard key={} {}", key(completions.get(i).claim().orderNo()),
						completions.get(i).done() ? "marked DONE" : "released");
			}
		}
		return applied;
	}

	private RBatch newBatch() {
		// In order, on one connection; no MULTI/EXEC needed: each script is atomic on its own key.
		return this.redisson.createBatch(BatchOptions.defaults()
			.executionMode(BatchOptions.ExecutionMode.IN_MEMORY)
			.responseTimeout(this.properties.timeout().toMillis(), TimeUnit.MILLISECONDS)
			.retryAttempts(1));
	}

	private void execute(RBatch batch) {
		try {
			batch.execute();
		}
		catch (RedisException ex) {
			throw new GuardUnavailableException("Redis: " + ex.getMessage(), ex);
		}
	}

	private static <T> T answer(RFuture<T> future) {
		try {
			return future.toCompletableFuture().join();
		}
		catch (CompletionException ex) {
			throw new GuardUnavailableException("Redis: " + ex.getCause(), ex);
		}
	}

	private String key(String orderNo) {
		return this.properties.keyPrefix() + orderNo;
	}

	private String newOwnerToken() {
		return this.instanceId + "-" + this.ownerSequence.incrementAndGet();
	}

}
