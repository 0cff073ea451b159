package io.payonce.ops.tracing;

import java.util.List;

import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.SpanExporters;
import org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.SpanProcessors;
import org.springframework.context.annotation.Bean;

/**
 * The span processors of a service that traces, without Spring Boot's export batcher when there is nothing to
 * export to.
 * <p>
 * Every delivery and every callback is a span (issue 17), sampled at 1.0 so that a payment's trace is whole
 * wherever it is exported; OTLP export starts only when an endpoint is set. Without one, Boot still hands every
 * ended span to its {@link BatchSpanProcessor}, whose exporter is a composite of no exporter: a snapshot of the span,
 * a queue, a worker thread draining it, for nothing. The spans themselves stay (their ids are what the logs, the
 * outbox rows and the published records carry); only that processor is left out, and only while no
 * {@code SpanExporter} exists. With an exporter, every processor is kept, exactly as Boot would.
 */
@AutoConfiguration(before = OpenTelemetryTracingAutoConfiguration.class)
@ConditionalOnClass({ SpanProcessors.class, BatchSpanProcessor.class })
public class SpanProcessingAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SpanProcessors spanProcessors(SpanExporters exporters, ObjectProvider<SpanProcessor> processors) {
		return SpanProcessors.of(withoutIdleExport(exporters, processors.orderedStream().toList()));
	}

	/** {@code processors} as they are when an exporter exists, else without the export batcher(s). */
	static List<SpanProcessor> withoutIdleExport(SpanExporters exporters, List<SpanProcessor> processors) {
		if (!exporters.list().isEmpty()) {
			return processors;
		}
		return processors.stream().filter((processor) -> !(processor instanceof BatchSpanProcessor)).toList();
	}

}
