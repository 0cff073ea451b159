-- Issue 17, "one trace from callback to deduction": the trace context of the delivery whose deduction wrote the
-- PayDeducted event (the consumer's span, a child of the relayed traceparent), stored with the outbox row in the
-- deduction's transaction; the relay carries it as the Kafka header traceparent (and tracestate) on pay.deducted.
-- NULL for rows written before this migration. Only nullable columns are added (instant ALTER on MariaDB). The CDC
-- user's and the runtime user's table grants (R__runtime_grants.sql) cover them.
ALTER TABLE t_outbox
  ADD COLUMN traceparent VARCHAR(55) NULL,
  ADD COLUMN tracestate  VARCHAR(512) NULL;
