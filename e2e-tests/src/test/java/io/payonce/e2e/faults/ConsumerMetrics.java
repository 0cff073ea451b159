package io.payonce.e2e.faults;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.payonce.e2e.support.Actuator;
import io.payonce.infra.ServiceProcess;

/**
 * The consumer's {@code payonce_consumer_deliveries_total{outcome, layer}} counters, scraped from
 * the Prometheus endpoint of each instance ({@link Actuator}). A scenario takes a baseline, scrapes again right before it kills
 * an instance (a counter dies with its JVM) and at the end; a counter lower than its baseline belongs to a
 * restarted JVM and counts from zero. What an instance counted between its last scrape and a kill -9 is lost, so
 * the consumer-side numbers are lower bounds.
 */
final class ConsumerMetrics {

	private static final Pattern DELIVERIES = Pattern
		.compile("^payonce_consumer_deliveries_total\\{([^}]*)}\\s+([0-9.eE+-]+)\\s*$", Pattern.MULTILINE);

	private static final Pattern LABEL = Pattern.compile("(\\w+)=\"([^\"]*)\"");

	/** Last scrape per instance and series. */
	private final Map<String, Map<String, Double>> last = new HashMap<>();

	/** Counted per series since the baseline, summed over instances and JVM lifetimes. */
	private final Map<String, Double> counted = new TreeMap<>();

	/** Forgets earlier counts and takes the current values of every instance as the baseline. */
	synchronized void baseline(Iterable<ServiceProcess> consumers) {
		this.counted.clear();
		this.last.clear();
		for (ServiceProcess consumer : consumers) {
			scrape(consumer).ifPresent(values -> this.last.put(consumer.service(), values));
		}
	}

	/** Adds what each instance counted since its previous scrape. */
	synchronized void scrape(Iterable<ServiceProcess> consumers) {
		for (ServiceProcess consumer : consumers) {
			scrape(consumer).ifPresent(values -> {
				Map<String, Double> before = this.last.getOrDefault(consumer.service(), Map.of());
				values.forEach((series, value) -> {
					double previous = before.getOrDefault(series, 0.0);
					double delta = value < previous ? value : value - previous;
					this.counted.merge(series, delta, Double::sum);
				});
				this.last.put(consumer.service(), values);
			});
		}
	}

	/** An instance that was just restarted: its counters start again from zero. */
	synchronized void restarted(ServiceProcess consumer) {
		this.last.remove(consumer.service());
	}

	/** {@code outcome/layer} to count since the baseline. */
	synchronized Map<String, Long> counted() {
		Map<String, Long> rounded = new TreeMap<>();
		this.counted.forEach((series, value) -> {
			if (value > 0) {
				rounded.put(series, Math.round(value));
			}
		});
		return rounded;
	}

	synchronized long outcome(String outcome) {
		return counted().entrySet().stream().filter(entry -> entry.getKey().startsWith(outcome + "/"))
			.mapToLong(Map.Entry::getValue).sum();
	}

	private static java.util.Optional<Map<String, Double>> scrape(ServiceProcess consumer) {
		if (!consumer.isRunning()) {
			return java.util.Optional.empty();
		}
		return Actuator.prometheus(consumer).map(ConsumerMetrics::parse);
	}

	static Map<String, Double> parse(String prometheusText) {
		Map<String, Double> values = new HashMap<>();
		Matcher line = DELIVERIES.matcher(prometheusText);
		while (line.find()) {
			Map<String, String> labels = new HashMap<>();
			Matcher label = LABEL.matcher(line.group(1));
			while (label.find()) {
				labels.put(label.group(1), label.group(2));
			}
			values.merge(labels.getOrDefault("outcome", "?") + "/" + labels.getOrDefault("layer", "?"),
					Double.parseDouble(line.group(2)), Double::sum);
		}
		return values;
	}

}
