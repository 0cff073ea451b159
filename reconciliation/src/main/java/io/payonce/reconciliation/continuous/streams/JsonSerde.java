package io.payonce.reconciliation.continuous.streams;

import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * JSON for the store value and the findings. Unknown fields are ignored so that a newer version can add one
 * to the stored view without breaking a rollback.
 */
public final class JsonSerde<T> implements Serde<T> {

	static final JsonMapper MAPPER = JsonMapper.builder()
		.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
		.build();

	private final Class<T> type;

	public JsonSerde(Class<T> type) {
		this.type = type;
	}

	@Override
	public Serializer<T> serializer() {
		return (topic, value) -> (value == null) ? null : MAPPER.writeValueAsBytes(value);
	}

	@Override
	public Deserializer<T> deserializer() {
		return (topic, bytes) -> {
			if (bytes == null) {
				return null;
			}
			try {
				return MAPPER.readValue(bytes, this.type);
			}
			catch (JacksonException ex) {
				throw new SerializationException("Cannot read " + this.type.getSimpleName() + " from " + topic, ex);
			}
		};
	}

}
