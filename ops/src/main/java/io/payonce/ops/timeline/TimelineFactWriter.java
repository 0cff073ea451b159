package io.payonce.ops.timeline;

import java.io.ByteArrayOutputStream;
import java.util.Map;

import io.payonce.contract.TimelineFact;
import io.payonce.contract.TimelineFactCodec;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Writes a {@link TimelineFact} with Jackson's streaming generator: the same bytes as
 * {@link TimelineFactCodec#encode} (the format's definition, which readers decode with), without the data binding's
 * per-value property introspection and dispatch. The consumer publishes one fact per delivery, tens of thousands a
 * second in a redelivery storm, so this runs on the publisher's hot path; {@code TimelineFactWriterTest} pins the
 * output to the codec's byte for byte.
 * <p>
 * The shape, as the codec writes it: the record's components in declaration order, {@code at} as ISO-8601
 * ({@link java.time.Instant#toString()}), {@code traceId} as {@code null} when absent, {@code detail} in the map's
 * iteration order. A component added to {@link TimelineFact} must be added here too: the test fails until it is.
 */
final class TimelineFactWriter {

	/** The defaults of the codec's mapper: the same escaping and number rules. */
	private static final JsonFactory JSON = new JsonFactory();

	private TimelineFactWriter() {
	}

	static byte[] encode(TimelineFact fact) {
		ByteArrayOutputStream out = new ByteArrayOutputStream(256);
		try (JsonGenerator json = JSON.createGenerator(ObjectWriteContext.empty(), out)) {
			json.writeStartObject();
			json.writeStringProperty("orderNo", fact.orderNo());
			json.writeStringProperty("at", fact.at().toString());
			json.writeStringProperty("service", fact.service());
			json.writeStringProperty("instance", fact.instance());
			json.writeStringProperty("step", fact.step().name());
			json.writeStringProperty("decision", fact.decision());
			if (fact.traceId() == null) {
				json.writeNullProperty("traceId");
			}
			else {
				json.writeStringProperty("traceId", fact.traceId());
			}
			json.writeName("detail");
			json.writeStartObject();
			for (Map.Entry<String, String> entry : fact.detail().entrySet()) {
				json.writeStringProperty(entry.getKey(), entry.getValue());
			}
			json.writeEndObject();
			json.writeEndObject();
		}
		return out.toByteArray();
	}

}
