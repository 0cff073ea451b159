package io.payonce.dlt.overview;

import java.time.Instant;
import java.util.List;

/**
 * The overview as served: the sample times (epoch seconds, oldest first) and, for every chart line, one value per
 * time ({@code null}: nothing known then, never a made-up zero), and every target's state at the last scrape.
 *
 * @param sampledEverySeconds how often the targets are scraped
 * @param windowSeconds how much history is kept
 * @param times epoch seconds of the samples, oldest first
 */
public record OverviewSnapshot(long sampledEverySeconds, long windowSeconds, List<Long> times, List<ChartView> charts,
		List<ServiceView> services) {

	/**
	 * @param noData why the line's last value is missing ({@code deduct-consumer unreachable}, {@code
	 * reconciliation exports no payonce_reconciliation_findings_open}, …), null when it has one
	 */
	public record LineView(String label, String service, String metric, List<Double> values, String noData) {

	}

	public record ChartView(String id, String title, String unit, List<LineView> lines) {

	}

	/** @param error why the last scrape failed, null when it succeeded; @param lastReadAt last successful scrape */
	public record TargetView(String url, boolean up, String error, Instant lastReadAt) {

	}

	/** @param up whether at least one instance could be read at the last scrape */
	public record ServiceView(String name, boolean up, List<TargetView> targets) {

	}

}
