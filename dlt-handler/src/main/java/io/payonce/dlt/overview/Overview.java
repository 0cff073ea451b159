package io.payonce.dlt.overview;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.payonce.dlt.overview.OverviewSnapshot.ChartView;
import io.payonce.dlt.overview.OverviewSnapshot.LineView;
import io.payonce.dlt.overview.OverviewSnapshot.ServiceView;
import io.payonce.dlt.overview.OverviewSnapshot.TargetView;

/**
 * The last hour (the window) of every chart line, in memory: a ring of samples, one per scrape round, the oldest
 * overwritten. It is a view of the services' own metrics, nothing more: lost on restart (the services keep
 * counting; the next hour fills again), and each console instance keeps its own (they scrape the same targets).
 * <p>
 * Invariants: a value is only what the services reported (a counter a service that answered has not created yet
 * counts 0: Micrometer creates it on its first increment). A service that could not be read adds nothing (its
 * line's value is null, or the sum of the instances that could be read, with the failure named in
 * {@link OverviewSnapshot#services()}); a counter's first sample gives no rate (a rate needs two); a counter that
 * went down restarted ({@link CounterRate}). Thread-safe: one scheduler records, any request reads.
 */
public final class Overview {

	private final List<Chart> charts;

	private final List<Line> lines = new ArrayList<>();

	private final List<ServiceName> configured;

	private final Duration every;

	private final int capacity;

	private final long[] times;

	/** [line][slot], NaN = no value. */
	private final double[][] values;

	private final String[] noData;

	private int next;

	private int size;

	/** The previous reading of each counter line, per target (index: line). */
	private final Map<Target, Reading[]> previous = new HashMap<>();

	private final Map<Target, TargetView> lastScrape = new LinkedHashMap<>();

	/** @param configured the services that have at least one target URL */
	public Overview(List<Chart> charts, List<ServiceName> configured, Duration every, Duration window) {
		this.charts = List.copyOf(charts);
		this.configured = List.copyOf(configured);
		this.every = Objects.requireNonNull(every, "every");
		if (every.isZero() || every.isNegative() || window.compareTo(every) < 0) {
			throw new IllegalArgumentException("need 0 < every <= window, was every " + every + ", window " + window);
		}
		this.charts.forEach((chart) -> this.lines.addAll(chart.lines()));
		this.capacity = (int) Math.ceil((double) window.toMillis() / every.toMillis()) + 1;
		this.times = new long[this.capacity];
		this.values = new double[this.lines.size()][this.capacity];
		this.noData = new String[this.lines.size()];
	}

	/**
	 * One scrape round: what each instance gave at {@code at}. The instances are those of this round (a target URL
	 * whose host names several addresses is one instance per address, and pods come and go): one that is gone no
	 * longer shows, and its counters' previous readings are dropped.
	 */
	public synchronized void record(Instant at, Map<Target, Scrape> scrapes) {
		int slot = this.next;
		this.times[slot] = at.getEpochSecond();
		for (int i = 0; i < this.lines.size(); i++) {
			Line line = this.lines.get(i);
			Double value = null;
			int unreachable = 0;
			int withMetric = 0;
			int unknown = 0;
			int instances = 0;
			for (Map.Entry<Target, Scrape> entry : scrapes.entrySet()) {
				Target target = entry.getKey();
				if (target.service() != line.service()) {
					continue;
				}
				instances++;
				Scrape scrape = entry.getValue();
				if (!(scrape instanceof Scrape.Read)) {
					unreachable++;
					continue;
				}
				List<MetricSample> samples = ((Scrape.Read) scrape).samples();
				Double reading = line.read(samples);
				if (reading == null) {
					if (line.kind() == Line.Kind.GAUGE) {
						// NaN: the service says it does not know yet (a store being restored, a topic not read to its end)
						unknown += line.exportedBy(samples) ? 1 : 0;
						continue;
					}
					// Micrometer creates a counter (a tag combination) on its first increment: a service that answered
					// without it has counted nothing of it yet. Reading 0 keeps that first increment in the next rate,
					// where "no reading" would lose it (the gateway's first duplicate, the first callback).
					reading = 0.0;
				}
				withMetric++;
				Double instanceValue = (line.kind() == Line.Kind.GAUGE) ? reading : rate(target, i, at, reading);
				if (instanceValue != null) {
					value = combine(line.across(), value, instanceValue);
				}
			}
			this.values[i][slot] = (value == null) ? Double.NaN : value;
			this.noData[i] = (value != null) ? null
					: why(line, instances, unreachable, withMetric, unknown);
		}
		Map<Target, TargetView> views = new LinkedHashMap<>();
		scrapes.forEach((target, scrape) -> {
			TargetView before = this.lastScrape.get(target);
			views.put(target,
					(scrape instanceof Scrape.Failed)
							? new TargetView(target.url().toString(), false, ((Scrape.Failed) scrape).error(),
									(before == null) ? null : before.lastReadAt())
							: new TargetView(target.url().toString(), true, null, at));
		});
		this.lastScrape.clear();
		this.lastScrape.putAll(views);
		this.previous.keySet().retainAll(scrapes.keySet());
		this.next = (slot + 1) % this.capacity;
		this.size = Math.min(this.size + 1, this.capacity);
	}

	private String why(Line line, int instances, int unreachable, int withMetric, int unknown) {
		String service = line.service().displayName();
		if (instances == 0 && !this.configured.contains(line.service())) {
			return "no target configured for " + service;
		}
		if (instances == 0 || unreachable == instances) {
			return service + " unreachable";
		}
		if (withMetric == 0 && unknown > 0) {
			return service + " does not know " + line.metric() + " yet (NaN)";
		}
		if (withMetric == 0) {
			return service + " exports no " + line.metric();
		}
		return "first sample: a rate needs two";
	}

	private Double rate(Target target, int line, Instant at, double reading) {
		Reading[] readings = this.previous.computeIfAbsent(target, (t) -> new Reading[this.lines.size()]);
		Reading before = readings[line];
		readings[line] = new Reading(at, reading);
		return (before == null) ? null : CounterRate.perSecond(before.value(), before.at(), reading, at);
	}

	private static Double combine(Line.Across across, Double sofar, double value) {
		if (sofar == null) {
			return value;
		}
		return (across == Line.Across.SUM) ? sofar + value : Math.max(sofar, value);
	}

	public synchronized OverviewSnapshot snapshot() {
		int oldest = (this.size < this.capacity) ? 0 : this.next;
		List<Long> sampleTimes = new ArrayList<>(this.size);
		for (int k = 0; k < this.size; k++) {
			sampleTimes.add(this.times[(oldest + k) % this.capacity]);
		}
		List<ChartView> chartViews = new ArrayList<>();
		int i = 0;
		for (Chart chart : this.charts) {
			List<LineView> lineViews = new ArrayList<>();
			for (Line line : chart.lines()) {
				List<Double> series = new ArrayList<>(this.size);
				for (int k = 0; k < this.size; k++) {
					double v = this.values[i][(oldest + k) % this.capacity];
					series.add(Double.isNaN(v) ? null : v);
				}
				String missing = (this.size == 0) ? "not sampled yet" : this.noData[i];
				lineViews.add(new LineView(line.label(), line.service().displayName(), line.metric(), series, missing));
				i++;
			}
			chartViews.add(new ChartView(chart.id(), chart.title(), chart.unit(), lineViews));
		}
		List<ServiceView> services = new ArrayList<>();
		for (ServiceName service : this.configured) {
			List<TargetView> views = new ArrayList<>();
			this.lastScrape.forEach((target, view) -> {
				if (target.service() == service) {
					views.add(view);
				}
			});
			if (views.isEmpty()) {
				views.add(new TargetView(null, false, "not scraped yet", null));
			}
			services.add(new ServiceView(service.displayName(), views.stream().anyMatch(TargetView::up), views));
		}
		return new OverviewSnapshot(this.every.toSeconds(), this.every.multipliedBy(this.capacity - 1).toSeconds(),
				sampleTimes, chartViews,
				services);
	}

	private record Reading(Instant at, double value) {

	}

}
