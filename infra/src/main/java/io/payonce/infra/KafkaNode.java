package io.payonce.infra;

/** A single KRaft broker+controller in its own JVM. */
public interface KafkaNode extends ManagedNode {

	/** {@code 127.0.0.1:<port>}. */
	String bootstrapServers();

	/** Creates every {@link io.payonce.contract.Topic} that does not exist yet. Idempotent. */
	void createTopics();

}
