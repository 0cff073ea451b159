package io.payonce.consumer.deduct;

import java.time.Clock;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import io.payonce.consumer.deduct.domain.DeductionProcess;
import io.payonce.consumer.deduct.domain.IdempotencyGuard;
import io.payonce.consumer.deduct.domain.Ledger;
import io.payonce.consumer.deduct.infra.JdbcLedger;
import io.payonce.consumer.deduct.infra.RedisGuardHealthIndicator;
import io.payonce.consumer.deduct.infra.RedisGuardProperties;
import io.payonce.consumer.deduct.infra.RedissonIdempotencyGuard;
import io.payonce.consumer.deduct.kafka.DeliveryTracing;
import io.payonce.consumer.deduct.kafka.DuplicatePaymentPublisher;
import io.payonce.consumer.deduct.kafka.FailureRouter;
import io.payonce.consumer.deduct.kafka.PaySuccessListener;
import io.payonce.consumer.deduct.kafka.UnreadableRecordRecoverer;
import io.payonce.consumer.schema.TradeSchemaPreflight;
import io.payonce.ops.timeline.TimelinePublisher;
import org.redisson.Redisson;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.kafka.listener.DefaultErrorHandler;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.util.backoff.ExponentialBackOff;

/** Wires the domain to Redisson, JDBC and Kafka. */
@Configuration(proxyBeanMethods = false)
public class DeductConfiguration {

	@Bean
	@ConditionalOnMissingBean
	Clock clock() {
		return Clock.systemUTC();
	}

	/** Picked up by Spring Boot's Flyway: runs before the migrations and refuses V2 on colliding rows. */
	@Bean
	TradeSchemaPreflight tradeSchemaPreflight() {
		return new TradeSchemaPreflight();
	}

	@Bean(destroyMethod = "shutdown")
	RedissonClient redissonClient(RedisGuardProperties properties) {
		Config config = new Config();
		// Lazy: the consumer starts (and fails closed per record) while Redis is down.
		config.setLazyInitialization(true);
		int timeout = (int) properties.timeout().toMillis();
		config.useSingleServer()
			.setAddress(properties.address())
			.setTimeout(timeout)
			.setConnectTimeout(timeout)
			.setRetryAttempts(1)
			.setConnectionMinimumIdleSize(1)
			.setConnectionPoolSize(16);
		return Redisson.create(config);
	}

	@Bean
	IdempotencyGuard idempotencyGuard(RedissonClient redisson, RedisGuardProperties properties) {
		return new RedissonIdempotencyGuard(redisson, properties);
	}

	@Bean
	RedisGuardHealthIndicator redisGuardHealthIndicator(RedissonClient redisson, RedisGuardProperties properties) {
		return new RedisGuardHealthIndicator(redisson, properties);
	}

	@Bean
	Ledger ledger(JdbcTemplate jdbc, TransactionTemplate transaction) {
		return new JdbcLedger(jdbc, transaction);
	}

	@Bean
	DeductionProcess deductionProcess(IdempotencyGuard guard, Ledger ledger, RedisGuardProperties properties,
			Clock clock) {
		return new DeductionProcess(guard, ledger, properties.failurePolicy(), clock);
	}

	@Bean
	DeductionMetrics deductionMetrics(MeterRegistry registry) {
		return new DeductionMetrics(registry);
	}

	@Bean
	FailureRouter failureRouter(KafkaTemplate<String, byte[]> template, Clock clock, ListenerProperties properties) {
		return new FailureRouter(template, clock, properties.publishTimeout());
	}

	@Bean
	DuplicatePaymentPublisher duplicatePaymentPublisher(KafkaTemplate<String, byte[]> template,
			ListenerProperties properties) {
		return new DuplicatePaymentPublisher(template, properties.publishTimeout());
	}

	@Bean
	DeliveryTracing deliveryTracing(Tracer tracer, Propagator propagator) {
		return new DeliveryTracing(tracer, propagator);
	}

	@Bean
	PaySuccessHandler paySuccessHandler(DeductionProcess process, FailureRouter router,
			DuplicatePaymentPublisher duplicatePayments, DeductionMetrics metrics, DeliveryTracing tracing,
			TimelinePublisher timeline) {
		return new PaySuccessHandler(process, router, duplicatePayments, new UnreadableRecordRecoverer(router, metrics),
				metrics, tracing, new DeliveryFacts(timeline));
	}

	@Bean
	PaySuccessListener paySuccessListener(PaySuccessHandler handler) {
		return new PaySuccessListener(handler);
	}

	/**
	 * Infrastructure failures (Redis under CLOSED, database, publish) are retried for ever with a capped
	 * exponential backoff: no commit, no skip. The listener reports them as failed at the poll's first record,
	 * so the handler seeks every partition of the poll back and backs off, and the next poll fetches the records
	 * again under the group's current assignment (a poll kept and retried across a rebalance could be
	 * acknowledged after its partition moved, rewinding the new owner's offset). Unreadable records never get
	 * here (the batch listener sends them to the terminal topic itself). Only an exception classified as not
	 * retryable (a programming error such as a ClassCastException) reaches the recoverer, which sends the
	 * poll's first record to the terminal topic with that error rather than loop on it; the rest follow.
	 */
	@Bean
	DefaultErrorHandler errorHandler(FailureRouter router, DeductionMetrics metrics, ListenerProperties properties) {
		ExponentialBackOff backOff = new ExponentialBackOff(properties.backoffInitial().toMillis(), 2.0);
		backOff.setMaxInterval(properties.backoffMax().toMillis());
		backOff.setMaxElapsedTime(Long.MAX_VALUE);
		return new DefaultErrorHandler(new UnreadableRecordRecoverer(router, metrics), backOff);
	}

}
