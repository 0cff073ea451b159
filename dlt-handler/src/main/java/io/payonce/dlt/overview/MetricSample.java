package io.payonce.dlt.overview;

import java.util.Map;

/**
 * One line of a Prometheus text exposition: {@code name{labels} value}. Timestamps, if a line carries one, are
 * ignored: the overview stamps every sample with the time it scraped it.
 */
public record MetricSample(String name, Map<String, String> labels, double value) {

	public MetricSample {
		labels = Map.copyOf(labels);
	}

	/** Whether every label in {@code required} is present here with that value (extra labels here are fine). */
	public boolean hasLabels(Map<String, String> required) {
		for (Map.Entry<String, String> label : required.entrySet()) {
			if (!label.getValue().equals(this.labels.get(label.getKey()))) {
				return false;
			}
		}
		return true;
	}

}
