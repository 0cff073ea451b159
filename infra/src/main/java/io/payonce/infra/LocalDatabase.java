package io.payonce.infra;

/**
 * The local-only database accounts of docs/conventions.md, created by {@code db/init.sql}. Keep both in step.
 * Each schema has an owner (Flyway migrates as it, tests seed data as it) and each service a runtime user with
 * DML only (SECURITY.md, "Database").
 */
public enum LocalDatabase {

	/** Owner of the gateway schema (t_payment, t_outbox): the gateway's Flyway user. */
	GATEWAY("payonce_gateway", "payonce_gateway", "gateway-local"),

	/** The gateway at run time: DML on its schema. */
	GATEWAY_APP("payonce_gateway", "payonce_gateway_app", "gateway-app-local"),

	/** Owner of the trade schema (t_order, t_account, t_account_flow, t_outbox, t_reversal_audit): the Flyway user of
	 * the consumer and of the reconciliation. */
	TRADE("payonce_trade", "payonce_trade", "trade-local"),

	/** The consumer at run time: no UPDATE or DELETE on t_account_flow, nothing on t_reversal_audit. */
	TRADE_APP("payonce_trade", "payonce_trade_app", "trade-app-local"),

	/** The reconciliation at run time: reads the ledger, writes reversals and their audit, never the outbox. */
	RECONCILIATION("payonce_trade", "payonce_reconciliation", "reconciliation-local"),

	/** The relay's binlog reader: replication rights, SELECT on the two outbox tables, no write. */
	CDC(null, "payonce_cdc", "cdc-local");

	private final String schema;

	private final String user;

	private final String password;

	LocalDatabase(String schema, String user, String password) {
		this.schema = schema;
		this.user = user;
		this.password = password;
	}

	/** The schema it works in; {@code null} for the CDC account, which owns none. */
	public String schema() {
		return this.schema;
	}

	public String user() {
		return this.user;
	}

	public String password() {
		return this.password;
	}

	/**
	 * The Flyway placeholders of the services' grant migrations ({@code R__*grants.sql}) on the local stack, for
	 * a test that migrates a schema itself before the service does: the same values the service would use.
	 * @param runtime the runtime user the migration grants to
	 */
	public static java.util.Map<String, String> grantPlaceholders(LocalDatabase runtime) {
		return java.util.Map.of("runtimeuser", runtime.user(), "cdcuser", CDC.user(), "granteehost", "%");
	}

}
