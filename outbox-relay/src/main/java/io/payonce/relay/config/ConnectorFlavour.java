package io.payonce.relay.config;

/**
 * The binlog databases the relay can read. Everything that differs between them lives here and nowhere else:
 * the connector class, the spelling of the TLS mode, and the JMX domain under which Debezium publishes the
 * streaming metrics that the health check reads.
 */
public enum ConnectorFlavour {

	/** MariaDB 10.x/11.x, the local stack. GTIDs and binlog format are MariaDB's own. */
	MARIADB("io.debezium.connector.mariadb.MariaDbConnector", "debezium.mariadb", "disable", "trust"),

	/** MySQL 8.x, the common production database; cannot run here, its properties are unit-tested. */
	MYSQL("io.debezium.connector.mysql.MySqlConnector", "debezium.mysql", "disabled", "required");

	private final String connectorClass;

	private final String metricsDomain;

	private final String sslModeOff;

	private final String sslModeOn;

	ConnectorFlavour(String connectorClass, String metricsDomain, String sslModeOff, String sslModeOn) {
		this.connectorClass = connectorClass;
		this.metricsDomain = metricsDomain;
		this.sslModeOff = sslModeOff;
		this.sslModeOn = sslModeOn;
	}

	public String connectorClass() {
		return this.connectorClass;
	}

	/** JMX domain of {@code type=connector-metrics,context=streaming,server=<topic.prefix>}. */
	public String metricsDomain() {
		return this.metricsDomain;
	}

	/** The connectors name the same TLS modes differently ({@code disable} vs {@code disabled}). */
	public String sslMode(boolean encrypted) {
		return encrypted ? this.sslModeOn : this.sslModeOff;
	}

}
