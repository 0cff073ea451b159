-- Run as the schema owner (spring.flyway.user) after every versioned migration, again whenever this file or its
-- placeholders change. A table grant needs the table, which is why these rights live here and not in the init
-- script. Placeholders: spring.flyway.placeholders.runtimeuser (default: spring.datasource.username), .cdcuser,
-- .granteehost (SECURITY.md). A new table the consumer writes needs its line here.

-- The consumer at run time: exactly the statements of JdbcLedger.
GRANT SELECT, UPDATE ON t_order TO '${runtimeuser}'@'${granteehost}';
GRANT SELECT, UPDATE ON t_account TO '${runtimeuser}'@'${granteehost}';
-- The insert-only ledger, insert-only by grant: no UPDATE, no DELETE, ever (a mistake is a REVERSE_DEDUCT flow).
GRANT SELECT, INSERT ON t_account_flow TO '${runtimeuser}'@'${granteehost}';
GRANT SELECT, INSERT, DELETE ON t_outbox TO '${runtimeuser}'@'${granteehost}';
-- V4's t_account_freeze: the runtime user's SELECT is granted by V4 itself (this file also runs on a schema migrated
-- only to V1, where that table does not exist: TradeSchemaMigrationIT).

-- The relay's CDC user: the outbox and nothing else of this schema.
GRANT SELECT ON t_outbox TO '${cdcuser}'@'${granteehost}';
