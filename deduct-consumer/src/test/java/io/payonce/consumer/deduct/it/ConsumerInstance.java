package io.payonce.consumer.deduct.it;

import java.util.LinkedHashMap;
import java.util.Map;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.consumer.ConsumerApplication;
import io.payonce.consumer.deduct.infra.RedisGuardHealthIndicator;
import io.payonce.infra.LocalDatabase;
import io.payonce.infra.LocalStack;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.health.contributor.Health;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.kafka.config.KafkaListenerEndpointRegistry;

/** One deduct-consumer application in this JVM, pointed at the shared local stack. */
final class ConsumerInstance implements AutoCloseable {

	private final ConfigurableApplicationContext context;

	private ConsumerInstance(ConfigurableApplicationContext context) {
		this.context = context;
	}

	static ConsumerInstance start(LocalStack stack, String name, String groupId, Map<String, String> overrides,
			Class<?>... extraSources) {
		Class<?>[] sources = new Class<?>[extraSources.length + 1];
		sources[0] = ConsumerApplication.class;
		System.arraycopy(extraSources, 0, sources, 1, extraSources.length);
		ConfigurableApplicationContext context = new SpringApplicationBuilder(sources)
			.run(arguments(stack, name, groupId, overrides));
		return new ConsumerInstance(context);
	}

	/** Command-line arguments: they win over application.yml (builder properties would not). */
	static String[] arguments(LocalStack stack, String name, String groupId, Map<String, String> overrides) {
		Map<String, String> properties = new LinkedHashMap<>();
		properties.put("spring.profiles.active", "local");
		properties.put("spring.kafka.bootstrap-servers", stack.kafka().bootstrapServers());
		properties.put("spring.datasource.url", stack.mariaDb().jdbcUrl(LocalDatabase.TRADE.schema()));
		properties.put("spring.datasource.username", LocalDatabase.TRADE_APP.user());
		properties.put("spring.datasource.password", LocalDatabase.TRADE_APP.password());
		properties.put("spring.flyway.user", LocalDatabase.TRADE.user());
		properties.put("spring.flyway.password", LocalDatabase.TRADE.password());
		properties.put("payonce.consumer.redis.address", stack.redis().address());
		properties.put("payonce.consumer.redis.timeout", "500ms");
		properties.put("payonce.consumer.group-id", groupId);
		properties.put("payonce.consumer.listener-id", name);
		properties.put("payonce.consumer.backoff-max", "1s");
		// A crashed member must leave the group soon, so the survivor gets its partitions in seconds.
		properties.put("spring.kafka.consumer.properties.session.timeout.ms", "10000");
		properties.put("server.port", "0");
		properties.put("management.server.port", "0");
		properties.put("spring.main.banner-mode", "off");
		properties.put("spring.application.name", name);
		properties.putAll(overrides);
		return properties.entrySet()
			.stream()
			.map((entry) -> "--" + entry.getKey() + "=" + entry.getValue())
			.toArray(String[]::new);
	}

	double count(String outcome, String layer) {
		Counter counter = this.context.getBean(MeterRegistry.class)
			.find("payonce.consumer.deliveries")
			.tag("outcome", outcome)
			.tag("layer", layer)
			.counter();
		return (counter != null) ? counter.count() : 0.0;
	}

	double degraded() {
		Counter counter = this.context.getBean(MeterRegistry.class).find("payonce.consumer.degraded").counter();
		return (counter != null) ? counter.count() : 0.0;
	}

	/** Partitions of pay.success this instance's listener threads hold right now. */
	int assignedPartitions() {
		return this.context.getBean(KafkaListenerEndpointRegistry.class)
			.getListenerContainers()
			.stream()
			.mapToInt((container) -> {
				var assigned = container.getAssignedPartitions();
				return (assigned != null) ? assigned.size() : 0;
			})
			.sum();
	}

	/** Partition numbers of pay.success this instance's listener threads hold right now. */
	java.util.Set<Integer> partitions() {
		java.util.Set<Integer> held = new java.util.TreeSet<>();
		this.context.getBean(KafkaListenerEndpointRegistry.class).getListenerContainers().forEach((container) -> {
			var assigned = container.getAssignedPartitions();
			if (assigned != null) {
				assigned.forEach((partition) -> held.add(partition.partition()));
			}
		});
		return held;
	}

	/** Listener invocations that threw (first attempts and retries), from spring-kafka's listener timer. */
	long failedInvocations() {
		return this.context.getBean(MeterRegistry.class)
			.find("spring.kafka.listener")
			.tag("result", "failure")
			.timers()
			.stream()
			.mapToLong(io.micrometer.core.instrument.Timer::count)
			.sum();
	}

	double total(String outcome) {
		return this.context.getBean(MeterRegistry.class)
			.find("payonce.consumer.deliveries")
			.tag("outcome", outcome)
			.counters()
			.stream()
			.mapToDouble(Counter::count)
			.sum();
	}

	/** The {@code redisGuard} health component: status and details. */
	Health redisGuardHealth() {
		return this.context.getBean(RedisGuardHealthIndicator.class).health();
	}

	<T> T bean(Class<T> type) {
		return this.context.getBean(type);
	}

	@Override
	public void close() {
		this.context.close();
	}

}
