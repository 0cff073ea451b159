package io.payonce.consumer.deduct.kafka;

import java.nio.charset.StandardCharsets;

import io.payonce.contract.EventCodec;
import io.payonce.contract.PayonceHeaders;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Decodes with {@link EventCodec} and the {@code eventType} header. Throws on unreadable input; the
 * {@code ErrorHandlingDeserializer} around it turns that into a record the error handler sends to the
 * terminal topic, so one bad record never blocks or crash-loops a partition.
 */
public class DecodedEventDeserializer implements Deserializer<DecodedEvent> {

	@Override
	public DecodedEvent deserialize(String topic, byte[] data) {
		return new DecodedEvent(EventCodec.decode((String) null, data), data);
	}

	@Override
	public DecodedEvent deserialize(String topic, Headers headers, byte[] data) {
		Header type = (headers != null) ? headers.lastHeader(PayonceHeaders.EVENT_TYPE) : null;
		String eventType = (type != null && type.value() != null) ? new String(type.value(), StandardCharsets.UTF_8)
				: null;
		return new DecodedEvent(EventCodec.decode(eventType, data), data);
	}

}
