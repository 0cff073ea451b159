package io.payonce.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.imageio.ImageIO;

/** The table, the JSON and the PNG of one run. */
final class Report {

	/**
	 * One measured number, printed next to what it is compared with in the same run.
	 * @param target the issue's target in words, empty if none
	 * @param status MET, MISSED or "" (no target)
	 */
	record Row(String metric, double value, String unit, String comparedWith, double comparedValue, String target,
			String status) {

		double ratio() {
			return (this.comparedValue > 0 && !Double.isNaN(this.value)) ? this.value / this.comparedValue : Double.NaN;
		}

	}

	/** A named span of the run, shaded in the throughput chart. */
	record Phase(String name, long fromMillis, long toMillis) {

	}

	final List<Row> rows = new ArrayList<>();

	final Map<String, Object> facts = new LinkedHashMap<>();

	final List<Phase> phases = new ArrayList<>();

	/** A target of the issue and what this run measured for it. */
	record TargetResult(Targets.Target target, double measured, Targets.Status status) {

	}

	final List<TargetResult> targets = new ArrayList<>();

	/** What the run itself failed (the exactly-once checks): the first line of the table, empty when none. */
	String failure = "";

	Row add(String metric, double value, String unit, String comparedWith, double comparedValue, String target,
			Boolean met) {
		Row row = new Row(metric, value, unit, comparedWith, comparedValue, target,
				(met == null) ? "" : (met ? "MET" : "MISSED"));
		this.rows.add(row);
		return row;
	}

	/**
	 * A row judged against a target of the issue: the verdict is computed from {@code measured} (the value itself,
	 * or a ratio with the compared value), never typed.
	 */
	Row add(String metric, double value, String unit, String comparedWith, double comparedValue,
			Targets.Target target, double measured) {
		Targets.Status status = target.verdict(measured);
		this.targets.add(new TargetResult(target, measured, status));
		Row row = new Row(metric, value, unit, comparedWith, comparedValue, target.issue() + ": " + target.text(),
				status.label());
		this.rows.add(row);
		return row;
	}

	/** A heading between groups of rows. */
	void section(String title) {
		this.rows.add(new Row(title, Double.NaN, SECTION, "", 0, "", ""));
	}

	private static final String SECTION = "section";

	/** table.txt: {@link #failure} as the first line when a check failed, the run's header, then {@link #print}. */
	String table(String header) {
		java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
		PrintStream out = new PrintStream(bytes, true, java.nio.charset.StandardCharsets.UTF_8);
		if (!this.failure.isEmpty()) {
			out.println(this.failure);
		}
		out.println(header);
		print(out);
		return bytes.toString(java.nio.charset.StandardCharsets.UTF_8);
	}

	/** The targets and their verdicts, then every row (the caller prints {@link #failure} first). */
	void print(PrintStream out) {
		out.println("targets (verdicts computed by the harness):");
		for (TargetResult t : this.targets) {
			out.printf("  %-12s %s%n", t.status().label(), t.target().describe(t.measured()));
		}
		out.println();
		String format = "%-62s %12s %-8s | %-44s %12s %7s | %-28s %s%n";
		out.printf(format, "metric", "value", "unit", "compared with (same run)", "its value", "ratio", "target",
				"status");
		out.println("-".repeat(198));
		for (Row row : this.rows) {
			if (SECTION.equals(row.unit())) {
				out.println("-- " + row.metric());
				continue;
			}
			out.printf(format, row.metric(), num(row.value()), row.unit(), row.comparedWith(),
					row.comparedWith().isEmpty() ? "" : num(row.comparedValue()),
					Double.isNaN(row.ratio()) ? "" : String.format(Locale.ROOT, "%.2f", row.ratio()), row.target(),
					row.status());
		}
	}

	static String num(double v) {
		if (Double.isNaN(v)) {
			return "n/a";
		}
		if (Math.abs(v) >= 100) {
			return String.format(Locale.ROOT, "%,.0f", v);
		}
		return String.format(Locale.ROOT, "%.3g", v);
	}

	void writeJson(Path file) throws IOException {
		Map<String, Object> root = new LinkedHashMap<>(this.facts);
		List<Object> rowList = new ArrayList<>();
		for (Row row : this.rows) {
			Map<String, Object> r = new LinkedHashMap<>();
			r.put("metric", row.metric());
			r.put("value", row.value());
			r.put("unit", row.unit());
			r.put("comparedWith", row.comparedWith());
			r.put("comparedValue", row.comparedWith().isEmpty() ? null : row.comparedValue());
			r.put("ratio", row.ratio());
			r.put("target", row.target());
			r.put("status", row.status());
			rowList.add(r);
		}
		root.put("rows", rowList);
		List<Object> targetList = new ArrayList<>();
		for (TargetResult t : this.targets) {
			Map<String, Object> m = new LinkedHashMap<>();
			m.put("issue", t.target().issue());
			m.put("measure", t.target().measure());
			m.put("target", t.target().text());
			m.put("measured", t.measured());
			m.put("status", t.status().label());
			targetList.add(m);
		}
		root.put("targets", targetList);
		root.put("failed", this.failure.isEmpty() ? null : this.failure);
		List<Object> phaseList = new ArrayList<>();
		for (Phase p : this.phases) {
			phaseList.add(new LinkedHashMap<>(Map.of("name", p.name(), "fromEpochMs", p.fromMillis(), "toEpochMs",
					p.toMillis())));
		}
		root.put("phases", phaseList);
		Files.writeString(file, json(root, "") + "\n");
	}

	@SuppressWarnings("unchecked")
	static String json(Object value, String indent) {
		if (value == null) {
			return "null";
		}
		if (value instanceof Double d) {
			return (d.isNaN() || d.isInfinite()) ? "null" : String.format(Locale.ROOT, "%.4f", d);
		}
		if (value instanceof Number || value instanceof Boolean) {
			return value.toString();
		}
		if (value instanceof Map<?, ?> map) {
			StringBuilder sb = new StringBuilder("{");
			String inner = indent + "  ";
			boolean first = true;
			for (Map.Entry<?, ?> e : map.entrySet()) {
				sb.append(first ? "\n" : ",\n").append(inner).append(quote(e.getKey().toString())).append(": ");
				sb.append(json(e.getValue(), inner));
				first = false;
			}
			return sb.append(first ? "}" : "\n" + indent + "}").toString();
		}
		if (value instanceof Collection<?> list) {
			StringBuilder sb = new StringBuilder("[");
			String inner = indent + "  ";
			boolean first = true;
			for (Object item : list) {
				sb.append(first ? "\n" : ",\n").append(inner).append(json(item, inner));
				first = false;
			}
			return sb.append(first ? "]" : "\n" + indent + "]").toString();
		}
		if (value instanceof double[] array) {
			List<Object> boxed = new ArrayList<>();
			for (double d : array) {
				boxed.add(d);
			}
			return json(boxed, indent);
		}
		return quote(value.toString());
	}

	private static String quote(String s) {
		StringBuilder sb = new StringBuilder("\"");
		for (char c : s.toCharArray()) {
			if (c == '"' || c == '\\') {
				sb.append('\\').append(c);
			}
			else if (c == '\n') {
				sb.append("\\n");
			}
			else if (c < 0x20) {
				sb.append(String.format("\\u%04x", (int) c));
			}
			else {
				sb.append(c);
			}
		}
		return sb.append('"').toString();
	}

	/**
	 * Top: callbacks accepted and deductions committed per second over the whole run, phases shaded. Bottom: the
	 * distribution of callback-accepted → deduction-committed latency at half load, percentiles marked.
	 */
	void drawPng(Path file, Collection<Long> acceptedAt, Collection<Long> deductedAt, Collection<Long> baselineAt,
			long[] latenciesMs, String title) throws IOException {
		int w = 1400;
		int h = 900;
		BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
		Graphics2D g = image.createGraphics();
		g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
		g.setColor(Color.WHITE);
		g.fillRect(0, 0, w, h);
		g.setColor(Color.BLACK);
		g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
		g.drawString(title, 20, 25);

		long t0 = Long.MAX_VALUE;
		long t1 = Long.MIN_VALUE;
		for (Phase p : this.phases) {
			t0 = Math.min(t0, p.fromMillis());
			t1 = Math.max(t1, p.toMillis());
		}
		for (long t : acceptedAt) {
			t0 = Math.min(t0, t);
			t1 = Math.max(t1, t);
		}
		for (long t : deductedAt) {
			t0 = Math.min(t0, t);
			t1 = Math.max(t1, t);
		}
		if (t0 == Long.MAX_VALUE) {
			t0 = 0;
			t1 = 1000;
		}
		int seconds = (int) ((t1 - t0) / 1000) + 1;
		double[] accepted = perSecond(acceptedAt, t0, seconds);
		double[] deducted = perSecond(deductedAt, t0, seconds);
		double[] baseline = perSecond(baselineAt, t0, seconds);
		double max = 1;
		for (int i = 0; i < seconds; i++) {
			max = Math.max(max, Math.max(Math.max(accepted[i], deducted[i]), baseline[i]));
		}
		int left = 80;
		int right = w - 30;
		int top = 60;
		int bottom = 450;
		g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
		Color[] shades = { new Color(235, 242, 255), new Color(255, 244, 230) };
		int shade = 0;
		for (Phase p : this.phases) {
			int x0 = left + (int) ((p.fromMillis() - t0) / 1000.0 / seconds * (right - left));
			int x1 = left + (int) ((p.toMillis() - t0) / 1000.0 / seconds * (right - left));
			g.setColor(shades[shade++ % 2]);
			g.fillRect(x0, top, Math.max(1, x1 - x0), bottom - top);
			g.setColor(Color.DARK_GRAY);
			g.drawString(p.name(), x0 + 2, top + 14 + 14 * (shade % 2));
		}
		axes(g, left, right, top, bottom, "seconds since start (" + seconds + " s)", "per second (max " + (long) max
				+ ")");
		plot(g, accepted, max, left, right, top, bottom, new Color(30, 90, 200));
		plot(g, deducted, max, left, right, top, bottom, new Color(210, 60, 30));
		plot(g, baseline, max, left, right, top, bottom, new Color(120, 120, 120));
		g.setColor(new Color(30, 90, 200));
		g.drawString("callbacks accepted/s", right - 560, top - 8);
		g.setColor(new Color(210, 60, 30));
		g.drawString("deductions committed/s (pipeline)", right - 420, top - 8);
		g.setColor(new Color(120, 120, 120));
		g.drawString("deductions/s (baseline consumers)", right - 215, top - 8);

		// latency distribution: histogram with 2 ms bins (log-count bars would hide the tail less; the marks show it)
		int top2 = 520;
		int bottom2 = h - 50;
		long[] sorted = latenciesMs.clone();
		Arrays.sort(sorted);
		g.setColor(Color.BLACK);
		if (sorted.length == 0) {
			g.drawString("no latency samples", left, top2 + 20);
		}
		else {
			long p999 = percentile(sorted, 99.9);
			long limit = Math.max(10, (long) (p999 * 1.15) + 1);
			int bins = 100;
			double binWidth = limit / (double) bins;
			double[] counts = new double[bins];
			for (long v : sorted) {
				int b = (int) Math.min(bins - 1, Math.max(0, v / binWidth));
				counts[b]++;
			}
			double maxCount = Arrays.stream(counts).max().orElse(1);
			axes(g, left, right, top2, bottom2, "callback accepted -> deduction committed, ms (0 .. " + limit + ")",
					"payments");
			g.setColor(new Color(90, 150, 90));
			double bw = (right - left) / (double) bins;
			for (int b = 0; b < bins; b++) {
				int bh = (int) (counts[b] / maxCount * (bottom2 - top2));
				g.fillRect(left + (int) (b * bw), bottom2 - bh, Math.max(1, (int) bw - 1), bh);
			}
			double[] marks = { 50, 99, 99.9 };
			for (double m : marks) {
				long v = percentile(sorted, m);
				int x = left + (int) (v / (double) limit * (right - left));
				g.setColor(Color.RED);
				g.drawLine(x, top2, x, bottom2);
				g.drawString("p" + (m == 99.9 ? "99.9" : String.valueOf((int) m)) + " " + v + " ms", x + 3,
						top2 + 15 + (int) (m == 50 ? 0 : m == 99 ? 15 : 30));
			}
			g.setColor(Color.BLACK);
			g.drawString(sorted.length + " payments at half load, max " + sorted[sorted.length - 1] + " ms", left + 10,
					top2 - 8);
		}
		g.dispose();
		ImageIO.write(image, "png", file.toFile());
	}

	private static void axes(Graphics2D g, int left, int right, int top, int bottom, String xLabel, String yLabel) {
		g.setColor(Color.BLACK);
		g.setStroke(new BasicStroke(1));
		g.drawLine(left, bottom, right, bottom);
		g.drawLine(left, top, left, bottom);
		g.drawString(xLabel, (left + right) / 2 - 120, bottom + 30);
		g.drawString(yLabel, 5, top - 5);
	}

	private static void plot(Graphics2D g, double[] values, double max, int left, int right, int top, int bottom,
			Color color) {
		g.setColor(color);
		g.setStroke(new BasicStroke(2));
		int n = values.length;
		for (int i = 1; i < n; i++) {
			int x0 = left + (int) ((i - 1) / (double) n * (right - left));
			int x1 = left + (int) (i / (double) n * (right - left));
			int y0 = bottom - (int) (values[i - 1] / max * (bottom - top));
			int y1 = bottom - (int) (values[i] / max * (bottom - top));
			g.drawLine(x0, y0, x1, y1);
		}
	}

	static double[] perSecond(Collection<Long> times, long t0, int seconds) {
		double[] counts = new double[seconds];
		for (long t : times) {
			int s = (int) ((t - t0) / 1000);
			if (s >= 0 && s < seconds) {
				counts[s]++;
			}
		}
		return counts;
	}

	/** Nearest-rank percentile of a sorted array. */
	static long percentile(long[] sorted, double p) {
		if (sorted.length == 0) {
			return -1;
		}
		// p * n / 100 exactly: 99.9 / 100.0 * 1000 is 999.0000000000001 in doubles, whose ceiling (1000) is the max
		int rank = (int) Math.ceil(Math.round(p * 1000) * (long) sorted.length / 100_000.0);
		return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
	}

}
