-- MySQL 8.4 form of infra/src/main/resources/db/init.sql: the same schemas, users, passwords and grants
-- (docs/conventions.md). Two differences only, both because MySQL is not MariaDB:
--   * no mysql.global_priv clean-up: MySQL has no such table, and its image creates no anonymous account;
--   * no BINLOG MONITOR: a MariaDB privilege; in MySQL, REPLICATION CLIENT alone allows SHOW BINARY LOG STATUS.
-- DeploySqlInitScriptsAgreeTest (e2e-tests, package io.payonce.e2e.deploy) keeps the two files in step.
-- Runs once, on the first start of an empty data volume (docker-entrypoint-initdb.d).

CREATE DATABASE IF NOT EXISTS payonce_gateway CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
-- orderNo and payNo are byte-exact identifiers (DESIGN.md): the trade schema compares bytes, 'ab-1' is not 'AB-1'.
CREATE DATABASE IF NOT EXISTS payonce_trade CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

CREATE USER IF NOT EXISTS 'payonce_gateway'@'%' IDENTIFIED BY 'gateway-local';
GRANT ALL PRIVILEGES ON payonce_gateway.* TO 'payonce_gateway'@'%';

CREATE USER IF NOT EXISTS 'payonce_trade'@'%' IDENTIFIED BY 'trade-local';
GRANT ALL PRIVILEGES ON payonce_trade.* TO 'payonce_trade'@'%';

-- The outbox relay reads the binlog: read and replication rights only, never a write.
CREATE USER IF NOT EXISTS 'payonce_cdc'@'%' IDENTIFIED BY 'cdc-local';
GRANT SELECT, RELOAD, SHOW DATABASES, REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO 'payonce_cdc'@'%';
