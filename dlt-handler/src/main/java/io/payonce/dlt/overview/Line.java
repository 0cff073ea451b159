package io.payonce.dlt.overview;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One line of a chart: what to read from which service and how to make one number of it per sample.
 * <p>
 * Within one instance the matching series (metric name and at least these labels) are summed: e.g. the gateway's
 * callbacks of every result, or the findings of every kind. Across the instances of the service they are summed
 * ({@link Across#SUM}: each instance counts its own share, as deliveries or pending retries split by partition) or
 * the largest is taken ({@link Across#MAX}: every instance reports the same whole, as each dlt-handler reads the
 * whole terminal topic).
 *
 * @param label what the line is called on the chart
 * @param service whose metrics
 * @param metric the name as exported (Prometheus naming: {@code payonce_gateway_callbacks_total})
 * @param labels the labels a series must have
 * @param kind a counter shown as its rate per second, or a gauge shown as it is
 * @param across how the instances of the service combine
 */
public record Line(String label, ServiceName service, String metric, Map<String, String> labels, Kind kind,
		Across across) {

	public Line {
		Objects.requireNonNull(label, "label");
		Objects.requireNonNull(service, "service");
		Objects.requireNonNull(metric, "metric");
		labels = Map.copyOf(labels);
		Objects.requireNonNull(kind, "kind");
		Objects.requireNonNull(across, "across");
	}

	/** The sum of this line's series in one instance's exposition, or null when it exports none of them. */
	Double read(List<MetricSample> exposition) {
		double sum = 0;
		boolean found = false;
		for (MetricSample sample : exposition) {
			if (sample.name().equals(this.metric) && sample.hasLabels(this.labels) && !Double.isNaN(sample.value())) {
				sum += sample.value();
				found = true;
			}
		}
		return found ? sum : null;
	}

	/** Whether one instance's exposition has any series of this line, a NaN one too (a gauge not known yet). */
	boolean exportedBy(List<MetricSample> exposition) {
		for (MetricSample sample : exposition) {
			if (sample.name().equals(this.metric) && sample.hasLabels(this.labels)) {
				return true;
			}
		}
		return false;
	}

	public enum Kind {

		/** A monotonic counter: shown as its increase per second between two samples (a drop is a restart). */
		COUNTER_RATE,

		/** Shown as sampled. */
		GAUGE

	}

	public enum Across {

		SUM, MAX

	}

}
