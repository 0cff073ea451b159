package io.payonce.dlt.alert;

/** Where alert changes go (log, webhook, …). A sink that fails must not stop the others. */
public interface AlertSink {

	void send(Alert alert);

}
