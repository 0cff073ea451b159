-- Schemas, users and grants of the local stack (docs/conventions.md). Passwords are local-only.
-- Runs as root on every start of the local MariaDB, so every statement is idempotent.

-- Anonymous accounts would shadow 'user'@'%' for connections from localhost.
DELETE FROM mysql.global_priv WHERE User = '';
FLUSH PRIVILEGES;

-- orderNo and payNo are byte-exact identifiers (DESIGN.md) in both schemas: 'ab-1' is not 'AB-1'.
CREATE DATABASE IF NOT EXISTS payonce_gateway CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;
CREATE DATABASE IF NOT EXISTS payonce_trade CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- Least privilege (SECURITY.md). Per schema an owner, the user Flyway runs as (spring.flyway.user): every right
-- on its own schema and nothing else, WITH GRANT OPTION because its migrations grant the runtime users their
-- table rights (a table grant needs the table, which only the migration creates). Per service a runtime user
-- (spring.datasource.username): DML only, never DDL, never GRANT.
CREATE USER IF NOT EXISTS 'payonce_gateway'@'%' IDENTIFIED BY 'gateway-local';
GRANT ALL PRIVILEGES ON payonce_gateway.* TO 'payonce_gateway'@'%' WITH GRANT OPTION;

-- The gateway at run time: reads and writes its payments and outbox rows; no ledger, no audit table here.
CREATE USER IF NOT EXISTS 'payonce_gateway_app'@'%' IDENTIFIED BY 'gateway-app-local';
GRANT SELECT, INSERT, UPDATE, DELETE ON payonce_gateway.* TO 'payonce_gateway_app'@'%';

CREATE USER IF NOT EXISTS 'payonce_trade'@'%' IDENTIFIED BY 'trade-local';
GRANT ALL PRIVILEGES ON payonce_trade.* TO 'payonce_trade'@'%' WITH GRANT OPTION;

-- The consumer at run time. Its table rights come from the consumer's migration R__runtime_grants.sql: no UPDATE
-- or DELETE on t_account_flow (the insert-only ledger is insert-only by grant), nothing on t_reversal_audit.
CREATE USER IF NOT EXISTS 'payonce_trade_app'@'%' IDENTIFIED BY 'trade-app-local';

-- The reconciliation at run time: exactly what the audit reads and a reversal writes (a REVERSE_DEDUCT flow, the
-- balance credit, the audit row), from the reconciliation's migration R__reconciliation_grants.sql. Never an
-- outbox row: nothing it does reaches pay.success.
CREATE USER IF NOT EXISTS 'payonce_reconciliation'@'%' IDENTIFIED BY 'reconciliation-local';

-- The outbox relay reads the binlog: replication rights only, and SELECT on the two outbox tables (granted by the
-- gateway's and the consumer's migrations) for a snapshot, never a write. RELOAD and SHOW DATABASES are what a
-- Debezium snapshot needs besides. In MariaDB 11.4 REPLICATION CLIENT is an alias of BINLOG MONITOR (SHOW
-- BINLOG STATUS). The REVOKE takes back the SELECT on every table that earlier versions of this script granted
-- (this script runs on every start of the local stack; it is a no-op otherwise).
CREATE USER IF NOT EXISTS 'payonce_cdc'@'%' IDENTIFIED BY 'cdc-local';
REVOKE SELECT ON *.* FROM 'payonce_cdc'@'%';
GRANT RELOAD, SHOW DATABASES, REPLICATION SLAVE, REPLICATION CLIENT, BINLOG MONITOR ON *.* TO 'payonce_cdc'@'%';
