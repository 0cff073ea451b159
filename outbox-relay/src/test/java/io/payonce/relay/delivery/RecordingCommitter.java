package io.payonce.relay.delivery;

import java.util.ArrayList;
import java.util.List;

import io.debezium.engine.DebeziumEngine;
import io.debezium.engine.RecordChangeEvent;
import org.apache.kafka.connect.source.SourceRecord;

/** The engine's committer for the delivery tests: what was marked processed, and when. */
final class RecordingCommitter implements DebeziumEngine.RecordCommitter<RecordChangeEvent<SourceRecord>> {

	final List<RecordChangeEvent<SourceRecord>> marked = new ArrayList<>();

	int batchesFinished;

	int markedBeforeCommit;

	@Override
	public void markProcessed(RecordChangeEvent<SourceRecord> record) {
		this.marked.add(record);
	}

	@Override
	public void markBatchFinished() {
		this.batchesFinished++;
	}

	@Override
	public void markProcessed(RecordChangeEvent<SourceRecord> record, DebeziumEngine.Offsets sourceOffsets) {
		this.marked.add(record);
	}

	@Override
	public DebeziumEngine.Offsets buildOffsets() {
		throw new UnsupportedOperationException();
	}

}
