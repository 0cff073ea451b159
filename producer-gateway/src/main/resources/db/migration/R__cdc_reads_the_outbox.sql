-- Run as the schema owner (spring.flyway.user) after every versioned migration, again whenever this file or its
-- placeholders change. The relay's CDC user may read t_outbox (a Debezium snapshot reads it) and nothing else of
-- this schema; the runtime user's rights are schema-wide DML from the init script (no ledger or audit table here).
-- Placeholders: spring.flyway.placeholders.cdcuser, .granteehost (SECURITY.md).
GRANT SELECT ON t_outbox TO '${cdcuser}'@'${granteehost}';
