package io.payonce.ops.tracing;

import java.util.Collection;
import java.util.List;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.tracing.autoconfigure.MicrometerTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.SpanExporters;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.SpanProcessors;
import org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class SpanProcessingAutoConfigurationTest {

	private final ApplicationContextRunner contexts = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SpanProcessingAutoConfiguration.class,
				OpenTelemetrySdkAutoConfiguration.class, OpenTelemetryTracingAutoConfiguration.class,
				MicrometerTracingAutoConfiguration.class));

	@Test
	void withoutAnExporterTheExportBatcherIsLeftOutAndOtherProcessorsStay() {
		// given: no SpanExporter bean (no OTLP endpoint), and a processor of the service's own
		SpanProcessor own = SimpleSpanProcessor.create(new Received());
		this.contexts.withBean("ownProcessor", SpanProcessor.class, () -> own).run((context) -> {
			// then
			assertThat(context).hasSingleBean(BatchSpanProcessor.class);
			assertThat(context.getBean(SpanProcessors.class).list()).containsExactly(own);
		});
	}

	@Test
	void withAnExporterEveryProcessorIsKeptAsBootWouldKeepIt() {
		// given
		Received exporter = new Received();
		this.contexts.withBean("exporter", Received.class, () -> exporter).run((context) -> {
			// then: the batcher exports to it
			List<SpanProcessor> processors = context.getBean(SpanProcessors.class).list();
			assertThat(processors).hasSize(1).first().isInstanceOf(BatchSpanProcessor.class);
		});
	}

	@Test
	void theRuleKeepsEverythingWhenAnExporterExists() {
		// given
		SpanProcessor batch = BatchSpanProcessor.builder(new Received()).build();
		SpanProcessor simple = SimpleSpanProcessor.create(new Received());
		try {
			// when / then
			assertThat(SpanProcessingAutoConfiguration
				.withoutIdleExport(SpanExporters.of(new Received()), List.of(batch, simple)))
				.containsExactly(batch, simple);
			assertThat(SpanProcessingAutoConfiguration.withoutIdleExport(SpanExporters.of(List.of()),
					List.of(batch, simple)))
				.containsExactly(simple);
		}
		finally {
			batch.shutdown();
		}
	}

	/** An exporter that takes what it is given and keeps nothing (the SDK's in-memory one is not on this path). */
	static final class Received implements SpanExporter {

		@Override
		public CompletableResultCode export(Collection<SpanData> spans) {
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public CompletableResultCode flush() {
			return CompletableResultCode.ofSuccess();
		}

		@Override
		public CompletableResultCode shutdown() {
			return CompletableResultCode.ofSuccess();
		}

	}

}
