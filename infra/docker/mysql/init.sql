-- MySQL 8.4 form of infra/src/main/resources/db/init.sql: the same schemas, users, passwords and grants
-- (docs/conventions.md, SECURITY.md). Three differences only:
--   * no mysql.global_priv clean-up: MySQL has no such table, and its image creates no anonymous account;
--   * no BINLOG MONITOR: a MariaDB privilege; in MySQL, REPLICATION CLIENT alone allows SHOW BINARY LOG STATUS;
--   * no REVOKE of the CDC user's old SELECT: this script runs once, on an empty volume, so there is nothing
--     earlier to take back.
-- DeploySqlInitScriptsAgreeTest (e2e-tests, package io.payonce.e2e.deploy) keeps the two files in step.
-- Runs once, on the first start of an empty data volume (docker-entrypoint-initdb.d).

-- orderNo and payNo are byte-exact identifiers (DESIGN.md) in both schemas: 'ab-1' is not 'AB-1'.
CREATE DATABASE IF NOT EXISTS payonce_gateway CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;
CREATE DATABASE IF NOT EXISTS payonce_trade CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- Per schema an owner for Flyway (WITH GRANT OPTION: its migrations grant the runtime users their table rights),
-- per service a runtime user with DML only.
CREATE USER IF NOT EXISTS 'payonce_gateway'@'%' IDENTIFIED BY 'gateway-local';
GRANT ALL PRIVILEGES ON payonce_gateway.* TO 'payonce_gateway'@'%' WITH GRANT OPTION;

CREATE USER IF NOT EXISTS 'payonce_gateway_app'@'%' IDENTIFIED BY 'gateway-app-local';
GRANT SELECT, INSERT, UPDATE, DELETE ON payonce_gateway.* TO 'payonce_gateway_app'@'%';

CREATE USER IF NOT EXISTS 'payonce_trade'@'%' IDENTIFIED BY 'trade-local';
GRANT ALL PRIVILEGES ON payonce_trade.* TO 'payonce_trade'@'%' WITH GRANT OPTION;

-- Table rights from the consumer's and the reconciliation's migrations (R__*grants.sql).
CREATE USER IF NOT EXISTS 'payonce_trade_app'@'%' IDENTIFIED BY 'trade-app-local';
CREATE USER IF NOT EXISTS 'payonce_reconciliation'@'%' IDENTIFIED BY 'reconciliation-local';

-- The outbox relay reads the binlog: replication rights only (plus SELECT on the outbox tables, granted by the
-- services' migrations), never a write.
CREATE USER IF NOT EXISTS 'payonce_cdc'@'%' IDENTIFIED BY 'cdc-local';
GRANT RELOAD, SHOW DATABASES, REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO 'payonce_cdc'@'%';
