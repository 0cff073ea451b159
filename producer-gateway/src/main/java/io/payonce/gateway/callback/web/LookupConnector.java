package io.payonce.gateway.callback.web;

import org.apache.catalina.connector.Connector;

/** The lookup's Tomcat connector ({@link LookupServer}) and the port it really listens on. */
public final class LookupConnector {

	private final Connector connector;

	/**
	 * The bound port once read, -1 before. {@link Connector#getLocalPort()} looks the property up by reflection
	 * ({@code IntrospectionUtils.getProperty}) and {@link LookupServer.PortRouting} asked it on every request (issue
	 * 19); a connector keeps its port while it runs, and this application never rebinds it.
	 */
	private volatile int boundPort = -1;

	LookupConnector(Connector connector) {
		this.connector = connector;
	}

	Connector connector() {
		return this.connector;
	}

	/** The bound port once the server runs (also when {@code payonce.gateway.lookup.port} is 0), else -1. */
	public int port() {
		int port = this.boundPort;
		if (port < 0) {
			port = this.connector.getLocalPort();
			if (port > 0) {
				this.boundPort = port;
			}
		}
		return port;
	}

}
