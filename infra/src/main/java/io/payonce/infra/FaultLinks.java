package io.payonce.infra;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The network between each service and each store of a {@link LocalStack}: one {@link FaultProxy} per link
 * ({@code deduct-consumer→redis}, {@code outbox-relay→mariadb}, ...). With links, {@link
 * LocalStack#serviceEnvironment(String)} points a service at its own proxies, so that a test can slow down, cut or
 * partition one link (or every link to a store) while the others stay whole; tests themselves talk to the
 * stores directly.
 *
 * <p>
 * Kafka returns the addresses its clients must use for every later connection: the broker has one listener per
 * service, advertised at that service's proxy, so that all of a service's connections to the broker (bootstrap,
 * partition leader, group coordinator) go through its link.
 */
public final class FaultLinks implements AutoCloseable {

	/** The stores a service may reach. */
	public enum Store {

		KAFKA, MARIADB, REDIS;

		String label() {
			return name().toLowerCase(java.util.Locale.ROOT);
		}

	}

	/** Which stores each service talks to (the rest of its environment points nowhere through a link). */
	static final Map<String, List<Store>> USES = Map.of("producer-gateway", List.of(Store.MARIADB), "outbox-relay",
			List.of(Store.MARIADB, Store.KAFKA), "deduct-consumer", List.of(Store.KAFKA, Store.MARIADB, Store.REDIS),
			"dlt-handler", List.of(Store.KAFKA), "reconciliation", List.of(Store.KAFKA, Store.MARIADB),
			// the payment platform's simulator keeps its own files and only calls the gateway over HTTP
			"platform-simulator", List.of());

	/** The broker listener each service's Kafka link ends on: name, port the broker binds, port it advertises. */
	record KafkaListener(String name, int port, int advertisedPort) {

	}

	private final Map<String, Map<Store, FaultProxy>> links;

	private final List<KafkaListener> kafkaListeners;

	private FaultLinks(Map<String, Map<Store, FaultProxy>> links, List<KafkaListener> kafkaListeners) {
		this.links = links;
		this.kafkaListeners = kafkaListeners;
	}

	/**
	 * Binds one proxy per link on free ports, before the stores start: the broker must know its listener ports and
	 * the proxies' ports (which it advertises) when it starts.
	 */
	static FaultLinks open(LocalStackConfig config) {
		List<String> services = LocalStack.SERVICES;
		int[] listenerPorts = LocalStackConfig.Ports.freePorts(services.size());
		Map<String, Map<Store, FaultProxy>> links = new LinkedHashMap<>();
		List<KafkaListener> listeners = new ArrayList<>();
		try {
			for (int i = 0; i < services.size(); i++) {
				String service = services.get(i);
				Map<Store, FaultProxy> own = new LinkedHashMap<>();
				links.put(service, own);
				for (Store store : USES.get(service)) {
					int target = switch (store) {
						case KAFKA -> listenerPorts[i];
						case MARIADB -> config.mariaDbPort();
						case REDIS -> config.redisPort();
					};
					own.put(store, FaultProxy.start(service + "→" + store.label(), 0, "127.0.0.1", target));
				}
				if (own.containsKey(Store.KAFKA)) {
					listeners.add(new KafkaListener(listenerName(service), listenerPorts[i], own.get(Store.KAFKA).port()));
				}
			}
		}
		catch (RuntimeException ex) {
			links.values().forEach(own -> own.values().forEach(FaultProxy::close));
			throw ex;
		}
		return new FaultLinks(links, List.copyOf(listeners));
	}

	/** {@code deduct-consumer} → {@code DEDUCT_CONSUMER}. */
	static String listenerName(String service) {
		return service.replace('-', '_').toUpperCase(java.util.Locale.ROOT);
	}

	List<KafkaListener> kafkaListeners() {
		return this.kafkaListeners;
	}

	/** The link from a service to a store, if the service uses that store. */
	public Optional<FaultProxy> link(String service, Store store) {
		Map<Store, FaultProxy> own = this.links.get(service);
		if (own == null) {
			throw new IllegalArgumentException("Unknown service '" + service + "', expected one of " + this.links.keySet());
		}
		return Optional.ofNullable(own.get(store));
	}

	/** Every link into one store. */
	public List<FaultProxy> to(Store store) {
		List<FaultProxy> to = new ArrayList<>();
		this.links.values().forEach(own -> Optional.ofNullable(own.get(store)).ifPresent(to::add));
		return to;
	}

	/** Every link of the stack. */
	public List<FaultProxy> all() {
		List<FaultProxy> all = new ArrayList<>();
		this.links.values().forEach(own -> all.addAll(own.values()));
		return all;
	}

	/** Heals every link: no latency, no partition. */
	public void healAll() {
		all().forEach(FaultProxy::heal);
	}

	@Override
	public void close() {
		all().forEach(FaultProxy::close);
	}

}
