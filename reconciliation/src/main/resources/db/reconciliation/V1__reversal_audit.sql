-- Owned by the reconciliation service, history in flyway_reconciliation_history (the trade schema's own
-- history table belongs to deduct-consumer). Insert-only, like the ledger it audits.
CREATE TABLE t_reversal_audit (
  id               BIGINT         NOT NULL AUTO_INCREMENT PRIMARY KEY,
  requested_at     TIMESTAMP(3)   NOT NULL,
  operator         VARCHAR(128)   NOT NULL,
  channel          VARCHAR(16)    NOT NULL, -- API, CLI
  flow_id          BIGINT         NOT NULL, -- the flow the operator asked to reverse
  biz_no           VARCHAR(64)    NULL,
  reason           VARCHAR(512)   NOT NULL,
  outcome          VARCHAR(32)    NOT NULL, -- ReversalOutcome
  reversal_flow_id BIGINT         NULL,     -- the REVERSE_DEDUCT flow, when this request posted it
  amount           DECIMAL(19, 2) NULL,     -- credited, when reversed
  detail           VARCHAR(512)   NULL,
  KEY idx_reversal_audit_flow (flow_id)
);
