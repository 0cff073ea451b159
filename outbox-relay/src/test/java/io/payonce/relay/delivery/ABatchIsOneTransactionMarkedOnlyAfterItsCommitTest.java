package io.payonce.relay.delivery;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import io.debezium.engine.RecordChangeEvent;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.payonce.contract.PayonceHeaders;
import io.payonce.relay.config.RelayDeliveryProperties;
import io.payonce.relay.engine.RelayStatus;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.MockProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.source.SourceRecord;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The delivery rules of one batch, on Kafka's own transactional test producer: one transaction per batch, the
 * positions marked only after the commit, the whole batch again after an abort, nothing marked once fenced.
 */
class ABatchIsOneTransactionMarkedOnlyAfterItsCommitTest {

	private final RelayStatus status = new RelayStatus(Clock.systemUTC());

	private final RelayDeliveryProperties delivery = new RelayDeliveryProperties(Duration.ofMillis(1),
			Duration.ofMillis(5), Duration.ofSeconds(30), Duration.ZERO);

	private final RecordingCommitter committer = new RecordingCommitter();

	private final List<RecordChangeEvent<SourceRecord>> batch = List.of(routed("O-1"), routed("O-2"));

	@Test
	void aBatchIsCommittedInOneTransactionThenItsPositionsAreMarked() throws Exception {
		// given
		CountingProducer producer = new CountingProducer(0);
		producer.initTransactions();

		// when
		relay(producer).handleBatch(this.batch, this.committer);

		// then
		assertThat(producer.commitCount()).isEqualTo(1);
		assertThat(producer.history()).extracting((record) -> new String(record.key(), StandardCharsets.UTF_8))
			.containsExactly("O-1", "O-2");
		assertThat(producer.history()).allSatisfy((record) -> assertThat(
				new String(record.headers().lastHeader(PayonceHeaders.RELAYED_BY).value(), StandardCharsets.UTF_8))
			.isEqualTo("relay-a"));
		assertThat(this.committer.marked).containsExactlyElementsOf(this.batch);
		assertThat(this.committer.batchesFinished).isEqualTo(1);
		assertThat(this.committer.markedBeforeCommit).isZero();
	}

	@Test
	void aFailedCommitIsAbortedAndTheWholeBatchSentAgainInItsOrder() throws Exception {
		// given a broker that refuses the first commit
		CountingProducer producer = new CountingProducer(1);
		producer.initTransactions();

		// when
		relay(producer).handleBatch(this.batch, this.committer);

		// then
		assertThat(producer.aborts.get()).isEqualTo(1);
		assertThat(producer.commitCount()).isEqualTo(1);
		assertThat(producer.sent).containsExactly("O-1", "O-2", "O-1", "O-2");
		// what readers see: the committed copy only
		assertThat(producer.history()).extracting((record) -> new String(record.key(), StandardCharsets.UTF_8))
			.containsExactly("O-1", "O-2");
		assertThat(this.committer.marked).containsExactlyElementsOf(this.batch);
	}

	@Test
	void aFencedProducerMarksNothingAndEndsTheTerm() {
		// given another instance initialised the same transactional id
		CountingProducer producer = new CountingProducer(0);
		producer.initTransactions();
		producer.fenceProducer();

		// when / then
		assertThatExceptionOfType(ProducerUnusableException.class)
			.isThrownBy(() -> relay(producer).handleBatch(this.batch, this.committer))
			.satisfies((ex) -> assertThat(ex.fenced()).isTrue());
		assertThat(this.committer.marked).isEmpty();
		assertThat(this.committer.batchesFinished).isZero();
		assertThat(producer.commitCount()).isZero();
		assertThat(this.status.phase()).isEqualTo(RelayStatus.Phase.FENCED);
	}

	private KafkaBatchRelay relay(CountingProducer producer) {
		producer.committer = this.committer;
		return new KafkaBatchRelay(producer, this.delivery, this.status, new RelayMetrics(new SimpleMeterRegistry()),
				Clock.systemUTC(), "relay-a");
	}

	private static RecordChangeEvent<SourceRecord> routed(String orderNo) {
		SourceRecord record = new SourceRecord(Map.of(), Map.of("pos", orderNo), "pay.success", null,
				Schema.STRING_SCHEMA, orderNo, Schema.OPTIONAL_STRING_SCHEMA, "{\"orderNo\":\"" + orderNo + "\"}");
		record.headers().add(PayonceHeaders.EVENT_ID, "id-" + orderNo, Schema.STRING_SCHEMA);
		return () -> record;
	}

	/** Kafka's transactional test producer, refusing the first {@code failingCommits} commits. */
	private static final class CountingProducer extends MockProducer<byte[], byte[]> {

		private final AtomicInteger failingCommits;

		private final AtomicInteger aborts = new AtomicInteger();

		/** Every send, aborted ones included (the producer's history keeps committed records only). */
		private final List<String> sent = new ArrayList<>();

		private RecordingCommitter committer;

		CountingProducer(int failingCommits) {
			super(true, null, new ByteArraySerializer(), new ByteArraySerializer());
			this.failingCommits = new AtomicInteger(failingCommits);
		}

		@Override
		public void commitTransaction() {
			this.committer.markedBeforeCommit += this.committer.marked.size();
			if (this.failingCommits.getAndDecrement() > 0) {
				throw new KafkaException("the broker refused the commit");
			}
			super.commitTransaction();
		}

		@Override
		public synchronized Future<RecordMetadata> send(ProducerRecord<byte[], byte[]> record, Callback callback) {
			this.sent.add(new String(record.key(), StandardCharsets.UTF_8));
			return super.send(record, callback);
		}

		@Override
		public void abortTransaction() {
			this.aborts.incrementAndGet();
			super.abortTransaction();
		}

	}

}
