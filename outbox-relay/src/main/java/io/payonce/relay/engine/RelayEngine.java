package io.payonce.relay.engine;

import java.io.IOException;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import io.debezium.embedded.Connect;
import io.debezium.engine.DebeziumEngine;
import io.debezium.engine.RecordChangeEvent;
import io.debezium.engine.format.ChangeEventFormat;
import io.payonce.relay.delivery.KafkaBatchRelay;
import org.apache.kafka.connect.source.SourceRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.context.SmartLifecycle;

/**
 * Runs the Debezium embedded engine on its own thread for as long as the application lives. Stopping
 * closes the engine, which lets the current batch finish and stores the position of every record the relay
 * marked processed (all of them acknowledged by Kafka) before the producer is closed.
 */
public class RelayEngine implements SmartLifecycle {

	private static final Logger log = LoggerFactory.getLogger(RelayEngine.class);

	private final Properties engineProperties;

	private final KafkaBatchRelay relay;

	private final RelayStatus status;

	private ExecutorService executor;

	private DebeziumEngine<RecordChangeEvent<SourceRecord>> engine;

	private volatile boolean running;

	public RelayEngine(Properties engineProperties, KafkaBatchRelay relay, RelayStatus status) {
		this.engineProperties = engineProperties;
		this.relay = relay;
		this.status = status;
	}

	@Override
	public synchronized void start() {
		this.status.starting();
		this.engine = DebeziumEngine.create(ChangeEventFormat.of(Connect.class))
			.using(this.engineProperties)
			.using(new DebeziumEngine.ConnectorCallback() {
				@Override
				public void pollingStarted() {
					RelayEngine.this.status.streaming();
				}
			})
			.using(this::completed)
			.notifying(this.relay)
			.build();
		this.executor = Executors.newSingleThreadExecutor((runnable) -> new Thread(runnable, "outbox-relay-engine"));
		this.executor.execute(this.engine);
		this.running = true;
	}

	private void completed(boolean success, String message, Throwable error) {
		if (success && this.running) {
			this.status.stopped();
			return;
		}
		if (!success) {
			String explained = explain(message, error);
			this.status.failed(explained);
			log.error("Outbox relay engine stopped: {}", explained, error);
		}
	}

	/** Makes the one failure an operator must act on unmistakable. */
	static String explain(String message, Throwable error) {
		StringBuilder text = new StringBuilder((message != null) ? message : "engine failed");
		for (Throwable cause = error; cause != null; cause = cause.getCause()) {
			if (cause.getMessage() != null && !text.toString().contains(cause.getMessage())) {
				text.append(" | ").append(cause.getMessage());
			}
		}
		String all = text.toString();
		if (all.contains("no longer available on the server") || all.contains("Could not find first log file")
				|| all.contains("binlog") && all.contains("purged")) {
			return "BINLOG PURGED: the stored binlog position is no longer on the server, so outbox events "
					+ "written while the relay was down cannot be read. The relay refuses to skip them. Re-publish "
					+ "the missing events from the writers' business tables (t_payment, t_account_flow), then reset the "
					+ "relay offsets deliberately. "
					+ "Cause: " + all;
		}
		return all;
	}

	@Override
	public synchronized void stop() {
		if (!this.running) {
			return;
		}
		this.running = false;
		this.relay.stop();
		try {
			this.engine.close();
		}
		catch (IOException | IllegalStateException ex) {
			// IllegalStateException: the engine had already ended (its failure is in the status and the log).
			log.warn("Closing the Debezium engine: {}", ex.getMessage());
		}
		this.executor.shutdown();
		try {
			if (!this.executor.awaitTermination(60, TimeUnit.SECONDS)) {
				log.warn("Debezium engine did not stop within 60 s");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.status.stopped();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

}
