package io.payonce.gateway.callback.web;

import org.apache.catalina.connector.Connector;

/** The lookup's Tomcat connector ({@link LookupServer}) and the port it really listens on. */
public final class LookupConnector {

	private final Connector connector;

	LookupConnector(Connector connector) {
		this.connector = connector;
	}

	Connector connector() {
		return this.connector;
	}

	/** The bound port once the server runs (also when {@code payonce.gateway.lookup.port} is 0), else -1. */
	public int port() {
		return this.connector.getLocalPort();
	}

}
