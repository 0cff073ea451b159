package io.payonce.dlt.overview;

import java.util.List;
import java.util.Objects;

/** What one scrape of one target gave: its samples, or why there are none. */
public sealed interface Scrape {

	static Scrape read(List<MetricSample> samples) {
		return new Read(List.copyOf(samples));
	}

	static Scrape failed(String error) {
		return new Failed(error);
	}

	record Read(List<MetricSample> samples) implements Scrape {

	}

	/** @param error one line an operator can act on: refused, timed out, HTTP 503, not Prometheus text */
	record Failed(String error) implements Scrape {

		public Failed {
			Objects.requireNonNull(error, "error");
		}

	}

}
