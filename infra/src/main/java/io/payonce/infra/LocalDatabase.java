package io.payonce.infra;

/**
 * The local-only database accounts of docs/conventions.md, created by {@code db/init.sql}. Keep both in step.
 */
public enum LocalDatabase {

	/** Owned by producer-gateway: t_payment, t_outbox. */
	GATEWAY("payonce_gateway", "payonce_gateway", "gateway-local"),

	/** Owned by deduct-consumer: t_order, t_account, t_account_flow, t_outbox. */
	TRADE("payonce_trade", "payonce_trade", "trade-local"),

	/** The relay's binlog reader: read and replication rights on every schema, no write. */
	CDC(null, "payonce_cdc", "cdc-local");

	private final String schema;

	private final String user;

	private final String password;

	LocalDatabase(String schema, String user, String password) {
		this.schema = schema;
		this.user = user;
		this.password = password;
	}

	/** The owned schema; {@code null} for the CDC account, which owns none. */
	public String schema() {
		return this.schema;
	}

	public String user() {
		return this.user;
	}

	public String password() {
		return this.password;
	}

}
