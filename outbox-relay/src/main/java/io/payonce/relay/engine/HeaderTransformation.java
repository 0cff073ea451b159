package io.payonce.relay.engine;

import java.util.Map;

import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.ConnectRecord;
import org.apache.kafka.connect.transforms.Transformation;

/**
 * A transform of the relay's own that only adds headers read from the change event, before the outbox router
 * replaces the envelope: no settings, nothing to close.
 */
abstract class HeaderTransformation<R extends ConnectRecord<R>> implements Transformation<R> {

	@Override
	public ConfigDef config() {
		return new ConfigDef();
	}

	@Override
	public void configure(Map<String, ?> configs) {
	}

	@Override
	public void close() {
	}

}
