package io.payonce.consumer.deduct.infra;

import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;

import io.payonce.consumer.deduct.domain.Claim;
import io.payonce.consumer.deduct.domain.ClaimOutcome;
import io.payonce.consumer.deduct.domain.GuardEntry;
import io.payonce.consumer.deduct.domain.GuardUnavailableException;
import io.payonce.consumer.deduct.domain.IdempotencyGuard;
import io.payonce.consumer.deduct.domain.ReleaseResult;
import org.redisson.api.RBucket;
import org.redisson.api.RScript;
import org.redisson.api.RedissonClient;
import org.redisson.client.RedisException;
import org.redisson.client.codec.StringCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link IdempotencyGuard} on Redis through Redisson. Claim is one atomic {@code SET key value NX PX lease}
 * (never exists-then-set); completion and release are Lua compare-and-swap scripts on the exact value, so a
 * consumer never overwrites or deletes another's claim.
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

	/** A claim can find the key gone between SET NX and GET (expiry); a few rounds settle it. */
	private static final int CLAIM_ROUNDS = 3;

	private final RedissonClient redisson;

	private final RedisGuardProperties properties;

	private final String instanceId = UUID.randomUUID().toString().substring(0, 8);

	public RedissonIdempotencyGuard(RedissonClient redisson, RedisGuardProperties properties) {
		this.redisson = redisson;
		this.properties = properties;
	}

	@Override
	public Claim claim(String orderNo, String fingerprint) {
		String key = key(orderNo);
		RBucket<String> bucket = this.redisson.getBucket(key, StringCodec.INSTANCE);
		return call(() -> {
			for (int round = 0; round < CLAIM_ROUNDS; round++) {
				GuardEntry mine = GuardEntry.processing(fingerprint, newOwnerToken());
				if (bucket.setIfAbsent(mine.encode(), this.properties.lease())) {
					log.info("guard key={} ttl={} claimed PROCESSING", key, this.properties.lease());
					return Claim.acquired(orderNo, mine);
				}
				String observed = bucket.get();
				if (observed != null) {
					ClaimOutcome outcome = GuardEntry.judge(GuardEntry.parse(observed), fingerprint);
					log.info("guard key={} held: {} -> {}", key, observed, outcome);
					return Claim.found(orderNo, outcome, observed);
				}
			}
			// The key keeps vanishing: do not guess, let the database decide.
			return Claim.found(orderNo, ClaimOutcome.HELD_BY_OTHER, null);
		});
	}

	@Override
	public boolean markDone(Claim claim, String fingerprint) {
		String expected = claim.mine()
			.map(GuardEntry::encode)
			.orElseGet(() -> claim.observed().orElse(""));
		GuardEntry done = claim.mine().orElseGet(() -> GuardEntry.processing(fingerprint, newOwnerToken())).done();
		String key = key(claim.orderNo());
		Long swapped = call(() -> this.redisson.getScript(StringCodec.INSTANCE)
			.eval(RScript.Mode.READ_WRITE, MARK_DONE, RScript.ReturnType.LONG, List.of(key), expected, done.encode(),
					Long.toString(this.properties.ttl().toMillis())));
		boolean marked = swapped != null && swapped == 1L;
		if (marked) {
			log.info("guard key={} ttl={} marked DONE", key, this.properties.ttl());
		}
		return marked;
	}

	@Override
	public ReleaseResult release(Claim claim) {
		if (claim.mine().isEmpty()) {
			return ReleaseResult.NOTHING_HELD;
		}
		String key = key(claim.orderNo());
		String mine = claim.mine().get().encode();
		Long deleted = call(() -> this.redisson.getScript(StringCodec.INSTANCE)
			.eval(RScript.Mode.READ_WRITE, RELEASE, RScript.ReturnType.LONG, List.of(key), mine));
		return (deleted != null && deleted == 1L) ? ReleaseResult.RELEASED : ReleaseResult.NOT_OWNER;
	}

	private String key(String orderNo) {
		return this.properties.keyPrefix() + orderNo;
	}

	private String newOwnerToken() {
		return this.instanceId + "-" + UUID.randomUUID();
	}

	private <T> T call(Supplier<T> command) {
		try {
			return command.get();
		}
		catch (RedisException ex) {
			throw new GuardUnavailableException("Redis: " + ex.getMessage(), ex);
		}
	}

}
