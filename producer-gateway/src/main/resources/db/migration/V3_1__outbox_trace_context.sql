-- Issue 17, "one trace from callback to deduction": the W3C trace context of the callback that wrote the event,
-- stored with the outbox row in the same transaction as the payment, so the relay can carry it as the Kafka header
-- traceparent (and tracestate). NULL for rows written before this migration (the relay then sends no header and
-- the consumer starts a new trace). traceparent is the version-00 form the gateway writes: exactly 55 characters;
-- tracestate is at most 32 members of at most 256 characters each by the W3C rule, 512 are what the gateway keeps.
-- Versioned 3.1: another migration V3 is being added beside it; this one only adds nullable columns (instant
-- ALTER on MariaDB, no row rewritten). The CDC user's table grant (R__cdc_reads_the_outbox.sql) covers them.
ALTER TABLE t_outbox
  ADD COLUMN traceparent VARCHAR(55) NULL,
  ADD COLUMN tracestate  VARCHAR(512) NULL;
