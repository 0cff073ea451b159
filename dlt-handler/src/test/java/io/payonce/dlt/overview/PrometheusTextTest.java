package io.payonce.dlt.overview;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The exposition the services' actuator writes (Micrometer, text format 0.0.4) is read line by line, exactly. */
class PrometheusTextTest {

	static String resource(String name) throws IOException {
		try (InputStream in = PrometheusTextTest.class.getResourceAsStream("/overview/" + name)) {
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	@Test
	void readsEverySampleOfAMicrometerExpositionAndSkipsItsComments() throws IOException {
		List<MetricSample> samples = PrometheusText.parse(resource("consumer-exposition.txt"));

		assertThat(samples).hasSize(8);
		assertThat(samples.get(0)).isEqualTo(new MetricSample("payonce_consumer_deliveries_total",
				Map.of("layer", "none", "outcome", "FIRST"), 120.0));
		assertThat(samples).contains(new MetricSample("payonce_consumer_duplicate_ratio", Map.of(), 0.22),
				new MetricSample("jvm_memory_used_bytes", Map.of("area", "heap", "id", "G1 Eden Space"), 2.5165824E7));
	}

	@Test
	void labelValuesKeepEscapesCommasBracesAndEqualSigns() {
		List<MetricSample> samples = PrometheusText
			.parse("m{a=\"x,y}\",b=\"say \\\"hi\\\"\",c=\"back\\\\slash\",d=\"two\\nlines\",e=\"k=v#\",} 1\n");

		assertThat(samples).singleElement()
			.extracting(MetricSample::labels)
			.isEqualTo(Map.of("a", "x,y}", "b", "say \"hi\"", "c", "back\\slash", "d", "two\nlines", "e", "k=v#"));
	}

	@Test
	void specialValuesTimestampsBlanksAndCarriageReturnsAreRead() {
		List<MetricSample> samples = PrometheusText
			.parse("gauge_nan NaN\r\nup_inf +Inf\n\n  down_inf -Inf  \nwith_ts{x=\"1\"} 7 1700000000000\nsci 1.5e3\n");

		assertThat(samples).extracting(MetricSample::name)
			.containsExactly("gauge_nan", "up_inf", "down_inf", "with_ts", "sci");
		assertThat(samples.get(0).value()).isNaN();
		assertThat(samples.get(1).value()).isEqualTo(Double.POSITIVE_INFINITY);
		assertThat(samples.get(2).value()).isEqualTo(Double.NEGATIVE_INFINITY);
		assertThat(samples.get(3).value()).isEqualTo(7.0);
		assertThat(samples.get(4).value()).isEqualTo(1500.0);
	}

	@Test
	void somethingElseThanTheFormatIsRefusedNamingTheLine() {
		assertThatThrownBy(() -> PrometheusText.parse("# fine\nok 1\n<html><body>Login</body></html>\n"))
			.isInstanceOf(IllegalArgumentException.class)
			.hasMessageContaining("line 3");
		assertThatThrownBy(() -> PrometheusText.parse("m{a=\"unterminated} 1"))
			.hasMessageContaining("unterminated label value");
		assertThatThrownBy(() -> PrometheusText.parse("m{a=\"1\"} twelve"))
			.hasMessageContaining("\"twelve\" is not a number");
		assertThatThrownBy(() -> PrometheusText.parse("m 1 2 3")).hasMessageContaining("after the value");
		assertThatThrownBy(() -> PrometheusText.parse("m")).hasMessageContaining("no value");
	}

}
