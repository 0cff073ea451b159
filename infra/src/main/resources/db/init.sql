-- Schemas, users and grants of the local stack (docs/conventions.md). Passwords are local-only.
-- Runs as root on every start of the local MariaDB, so every statement is idempotent.

-- Anonymous accounts would shadow 'user'@'%' for connections from localhost.
DELETE FROM mysql.global_priv WHERE User = '';
FLUSH PRIVILEGES;

CREATE DATABASE IF NOT EXISTS payonce_gateway CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
-- orderNo and payNo are byte-exact identifiers (DESIGN.md): the trade schema compares bytes, 'ab-1' is not 'AB-1'.
CREATE DATABASE IF NOT EXISTS payonce_trade CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- Each service owns its schema (Flyway runs as this user) and sees nothing else.
CREATE USER IF NOT EXISTS 'payonce_gateway'@'%' IDENTIFIED BY 'gateway-local';
GRANT ALL PRIVILEGES ON payonce_gateway.* TO 'payonce_gateway'@'%';

CREATE USER IF NOT EXISTS 'payonce_trade'@'%' IDENTIFIED BY 'trade-local';
GRANT ALL PRIVILEGES ON payonce_trade.* TO 'payonce_trade'@'%';

-- The outbox relay reads the binlog and snapshots the outbox tables: read and replication rights only,
-- never a write. In MariaDB 11.4 REPLICATION CLIENT is an alias of BINLOG MONITOR (SHOW BINLOG STATUS).
CREATE USER IF NOT EXISTS 'payonce_cdc'@'%' IDENTIFIED BY 'cdc-local';
GRANT SELECT, RELOAD, SHOW DATABASES, REPLICATION SLAVE, REPLICATION CLIENT, BINLOG MONITOR ON *.* TO 'payonce_cdc'@'%';
