package io.payonce.dlt.overview.http;

import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.payonce.dlt.overview.ServiceName;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.NestedConfigurationProperty;
import org.springframework.validation.annotation.Validated;

/**
 * The overview screen ({@code payonce.dlt.overview.*}): which services' {@code /actuator/prometheus} the console
 * reads, how often, and how much it keeps.
 *
 * @param interval how often every target is scraped [PAYONCE_DLT_OVERVIEW_INTERVAL, default 10s]
 * @param window how much history is kept in memory and shown [PAYONCE_DLT_OVERVIEW_WINDOW, default 1h]
 * @param timeout per scrape, connect included; a slower target is shown as unreachable for that round
 * [PAYONCE_DLT_OVERVIEW_TIMEOUT, default 3s]
 * @param targets one or more URLs per service
 */
@Validated
@ConfigurationProperties("payonce.dlt.overview")
public record OverviewProperties(Duration interval, Duration window, Duration timeout,
		@NestedConfigurationProperty Targets targets) {

	public OverviewProperties {
		interval = positiveOr(interval, Duration.ofSeconds(10));
		window = positiveOr(window, Duration.ofHours(1));
		timeout = positiveOr(timeout, Duration.ofSeconds(3));
		targets = (targets == null) ? new Targets(null, null, null, null, null) : targets;
		if (window.compareTo(interval) < 0) {
			throw new IllegalArgumentException(
					"payonce.dlt.overview.window (" + window + ") is shorter than its interval (" + interval + ")");
		}
	}

	private static Duration positiveOr(Duration value, Duration otherwise) {
		return (value == null || value.isZero() || value.isNegative()) ? otherwise : value;
	}

	/**
	 * Each service's {@code /actuator/prometheus} on its management port; comma-separated in an environment variable.
	 * Every URL is one instance; a URL written {@code dns+http://host:port/actuator/prometheus} is one instance per
	 * address of its host, resolved again every round (a Kubernetes headless Service, compose replicas). Never give
	 * a load-balancing name as a plain URL: each round would read a different instance. An empty list leaves the
	 * service out of the screen (its lines say so).
	 *
	 * @param gateway [PAYONCE_DLT_OVERVIEW_TARGETS_GATEWAY, default http://localhost:9081/actuator/prometheus]
	 * @param relay [PAYONCE_DLT_OVERVIEW_TARGETS_RELAY, default http://localhost:9082/actuator/prometheus]
	 * @param consumer [PAYONCE_DLT_OVERVIEW_TARGETS_CONSUMER, default http://localhost:9083/actuator/prometheus]
	 * @param handler [PAYONCE_DLT_OVERVIEW_TARGETS_HANDLER, default http://localhost:9084/actuator/prometheus]
	 * @param reconciliation [PAYONCE_DLT_OVERVIEW_TARGETS_RECONCILIATION, default
	 * http://localhost:9085/actuator/prometheus]
	 */
	public record Targets(List<URI> gateway, List<URI> relay, List<URI> consumer, List<URI> handler,
			List<URI> reconciliation) {

		public Targets {
			gateway = orLocal(gateway, 9081);
			relay = orLocal(relay, 9082);
			consumer = orLocal(consumer, 9083);
			handler = orLocal(handler, 9084);
			reconciliation = orLocal(reconciliation, 9085);
		}

		private static List<URI> orLocal(List<URI> urls, int managementPort) {
			if (urls == null) {
				return List.of(URI.create("http://localhost:" + managementPort + "/actuator/prometheus"));
			}
			for (URI url : urls) {
				// refuse to start on a target that could never be read, rather than fail every round
				String scheme = String.valueOf(url.getScheme());
				if (!List.of("http", "https", "dns+http", "dns+https").contains(scheme) || url.getHost() == null) {
					throw new IllegalArgumentException("payonce.dlt.overview.targets: " + url
							+ " is no http(s)://host[:port]/path or dns+http(s)://host[:port]/path URL");
				}
			}
			return List.copyOf(urls);
		}

		public Map<ServiceName, List<URI>> byService() {
			Map<ServiceName, List<URI>> all = new LinkedHashMap<>();
			all.put(ServiceName.PRODUCER_GATEWAY, this.gateway);
			all.put(ServiceName.OUTBOX_RELAY, this.relay);
			all.put(ServiceName.DEDUCT_CONSUMER, this.consumer);
			all.put(ServiceName.DLT_HANDLER, this.handler);
			all.put(ServiceName.RECONCILIATION, this.reconciliation);
			return all;
		}

	}

}
