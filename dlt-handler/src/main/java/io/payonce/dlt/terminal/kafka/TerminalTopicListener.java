package io.payonce.dlt.terminal.kafka;

import io.payonce.contract.Topic;
import io.payonce.dlt.config.WholeTopicReader;
import io.payonce.dlt.terminal.TerminalIndex;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;

/**
 * Feeds the terminal index. Each handler instance reads the whole topic from the beginning under its own
 * group id (the index is a full in-memory view, not a share of the work), read_committed so that an aborted
 * Streams transaction never shows up as a terminal record.
 */
@Component
class TerminalTopicListener implements WholeTopicReader {

	private final TerminalIndex index;

	TerminalTopicListener(TerminalIndex index) {
		this.index = index;
	}

	@KafkaListener(id = "terminal-index", topics = Topic.Names.PAY_SUCCESS_TERMINAL,
			groupId = "payonce-dlt-console-${random.uuid}",
			properties = { "isolation.level=read_committed", "auto.offset.reset=earliest",
					"enable.auto.commit=false" })
	void onTerminal(ConsumerRecord<String, byte[]> record) {
		this.index.arrived(TerminalRecords.of(record));
	}

}
