package io.payonce.dlt.overview;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the Prometheus text exposition format 0.0.4 (what Micrometer's {@code /actuator/prometheus} answers by
 * default): {@code # HELP} / {@code # TYPE} and other comments are skipped, each other non-blank line is
 * {@code metric_name [ "{" label="value" , ... "}" ] value [ timestamp ]}. Label values may hold escaped
 * {@code \\}, {@code \"} and {@code \n}, and any character else ({@code ,} {@code }} {@code =} {@code #} too);
 * values may be {@code NaN}, {@code +Inf}, {@code -Inf}. A line that does not follow the grammar fails the whole
 * parse with its line number: a target that answers something else (an HTML login page, a proxy's error) is an
 * unreadable target, never a half-read one.
 */
public final class PrometheusText {

	private PrometheusText() {
	}

	public static List<MetricSample> parse(String exposition) {
		List<MetricSample> samples = new ArrayList<>();
		String[] lines = exposition.split("\n", -1);
		for (int i = 0; i < lines.length; i++) {
			String line = lines[i].strip();
			if (line.isEmpty() || line.startsWith("#")) {
				continue;
			}
			try {
				samples.add(new LineReader(line).sample());
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException("not Prometheus text format at line " + (i + 1) + ": "
						+ ex.getMessage() + " in \"" + abbreviate(line) + "\"", ex);
			}
		}
		return samples;
	}

	private static String abbreviate(String line) {
		return (line.length() <= 120) ? line : line.substring(0, 120) + "…";
	}

	/** One sample line, read left to right. */
	private static final class LineReader {

		private final String line;

		private int at;

		LineReader(String line) {
			this.line = line;
		}

		MetricSample sample() {
			String name = name("metric name");
			Map<String, String> labels = new LinkedHashMap<>();
			skipBlanks();
			if (peek() == '{') {
				this.at++;
				readLabels(labels);
			}
			skipBlanks();
			int start = this.at;
			while (this.at < this.line.length() && !Character.isWhitespace(this.line.charAt(this.at))) {
				this.at++;
			}
			if (start == this.at) {
				throw new IllegalArgumentException("no value");
			}
			double value = number(this.line.substring(start, this.at));
			skipBlanks();
			if (this.at < this.line.length()) {
				// an optional timestamp (ms since the epoch), then nothing
				String rest = this.line.substring(this.at);
				if (!rest.matches("-?[0-9]+")) {
					throw new IllegalArgumentException("unexpected \"" + rest + "\" after the value");
				}
			}
			return new MetricSample(name, labels, value);
		}

		private void readLabels(Map<String, String> labels) {
			while (true) {
				skipBlanks();
				if (peek() == '}') {
					this.at++;
					return;
				}
				String label = name("label name");
				skipBlanks();
				expect('=');
				skipBlanks();
				expect('"');
				labels.put(label, quoted());
				skipBlanks();
				char next = peek();
				if (next == ',') {
					this.at++;
				}
				else if (next != '}') {
					throw new IllegalArgumentException("expected , or } after label " + label);
				}
			}
		}

		/** The rest of a label value after its opening quote, unescaped. */
		private String quoted() {
			StringBuilder value = new StringBuilder();
			while (this.at < this.line.length()) {
				char c = this.line.charAt(this.at++);
				if (c == '"') {
					return value.toString();
				}
				if (c == '\\') {
					if (this.at >= this.line.length()) {
						break;
					}
					char escaped = this.line.charAt(this.at++);
					value.append((escaped == 'n') ? '\n' : escaped);
				}
				else {
					value.append(c);
				}
			}
			throw new IllegalArgumentException("unterminated label value");
		}

		private String name(String what) {
			int start = this.at;
			while (this.at < this.line.length() && isNameChar(this.line.charAt(this.at), this.at == start)) {
				this.at++;
			}
			if (start == this.at) {
				throw new IllegalArgumentException("no " + what);
			}
			return this.line.substring(start, this.at);
		}

		private static boolean isNameChar(char c, boolean first) {
			return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':'
					|| (!first && c >= '0' && c <= '9');
		}

		private void expect(char c) {
			if (peek() != c) {
				throw new IllegalArgumentException("expected " + c);
			}
			this.at++;
		}

		private char peek() {
			return (this.at < this.line.length()) ? this.line.charAt(this.at) : '\0';
		}

		private void skipBlanks() {
			while (this.at < this.line.length() && (this.line.charAt(this.at) == ' ' || this.line.charAt(this.at) == '\t')) {
				this.at++;
			}
		}

		private static double number(String text) {
			switch (text) {
				case "NaN":
					return Double.NaN;
				case "+Inf":
				case "Inf":
					return Double.POSITIVE_INFINITY;
				case "-Inf":
					return Double.NEGATIVE_INFINITY;
				default:
					try {
						return Double.parseDouble(text);
					}
					catch (NumberFormatException ex) {
						throw new IllegalArgumentException("value \"" + text + "\" is not a number");
					}
			}
		}

	}

}
