package io.payonce.relay.health;

import java.lang.management.ManagementFactory;
import java.util.Optional;
import java.util.Set;

import javax.management.MBeanServer;
import javax.management.ObjectName;

import io.payonce.relay.config.ConnectorFlavour;

/**
 * Reads Debezium's own view of the binlog connection: the {@code Connected} attribute of the streaming
 * metrics MBean ({@code <domain>:type=connector-metrics,context=streaming,server=<topic.prefix>}).
 */
public class StreamingConnection {

	private final ObjectName name;

	private final MBeanServer server = ManagementFactory.getPlatformMBeanServer();

	public StreamingConnection(ConnectorFlavour flavour, String serverName) {
		try {
			this.name = new ObjectName(
					flavour.metricsDomain() + ":type=connector-metrics,context=streaming,server=" + serverName + ",*");
		}
		catch (javax.management.MalformedObjectNameException ex) {
			throw new IllegalArgumentException("Invalid server name for JMX: " + serverName, ex);
		}
	}

	/** Empty while the streaming phase has not registered its metrics yet. */
	public Optional<Boolean> connected() {
		Set<ObjectName> names = this.server.queryNames(this.name, null);
		for (ObjectName found : names) {
			try {
				Object connected = this.server.getAttribute(found, "Connected");
				if (connected instanceof Boolean value) {
					return Optional.of(value);
				}
			}
			catch (javax.management.JMException ex) {
				return Optional.empty();
			}
		}
		return Optional.empty();
	}

}
