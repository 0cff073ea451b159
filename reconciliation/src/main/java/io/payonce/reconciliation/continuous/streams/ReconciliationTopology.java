package io.payonce.reconciliation.continuous.streams;

import java.time.Duration;

import io.payonce.contract.Topic;
import io.payonce.reconciliation.alert.FindingSink;
import io.payonce.reconciliation.continuous.Finding;
import io.payonce.reconciliation.continuous.OrderView;
import io.payonce.reconciliation.continuous.Reconciler;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.state.Stores;

/**
 * {@code pay.success} + {@code pay.deducted} + the reversals topic → one processor with a per-order view store →
 * findings topic. Every input is keyed by orderNo with the same partition count, so one task sees every event of an
 * order.
 */
public final class ReconciliationTopology {

	/** Key orderNo, value {@link OrderView}; changelogged, so a restart resumes without re-reading history. */
	public static final String STORE = "reconciliation-orders";

	/** Key {@code <epoch ms>|orderNo}, value orderNo: which views the next wall-clock tick must look at. */
	public static final String DUE_STORE = "reconciliation-due";

	private ReconciliationTopology() {
	}

	public static Topology build(Reconciler reconciler, Duration scanInterval, String findingsTopic,
			String reversalsTopic, FindingSink alerts) {
		Topology topology = new Topology();
		topology.addSource("pay-success", Serdes.String().deserializer(), Serdes.ByteArray().deserializer(),
				Topic.PAY_SUCCESS.topicName());
		topology.addSource("pay-deducted", Serdes.String().deserializer(), Serdes.ByteArray().deserializer(),
				Topic.PAY_DEDUCTED.topicName());
		topology.addSource("reversals", Serdes.String().deserializer(), Serdes.ByteArray().deserializer(),
				reversalsTopic);
		topology.addProcessor("reconcile",
				() -> new ReconcileProcessor(reconciler, scanInterval, reversalsTopic, alerts), "pay-success",
				"pay-deducted", "reversals");
		topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(STORE), Serdes.String(),
				new JsonSerde<>(OrderView.class)), "reconcile");
		topology.addStateStore(Stores.keyValueStoreBuilder(Stores.persistentKeyValueStore(DUE_STORE), Serdes.String(),
				Serdes.String()), "reconcile");
		topology.addSink("findings", findingsTopic, Serdes.String().serializer(),
				new JsonSerde<>(Finding.class).serializer(), "reconcile");
		return topology;
	}

}
