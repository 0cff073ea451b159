-- Issue 21: money enters an account only as a ledger operation. A top-up (manual credit) is a TOP_UP flow in
-- t_account_flow under the operator's reference (biz_no; uk_biz_no_type makes a repeat credit once), the balance
-- credit by that flow's amount, and this row, in one transaction. Every request is audited, refused ones too.
-- Insert-only, like the ledger; byte-exact identifiers and InnoDB like every trade table.
CREATE TABLE t_top_up_audit (
  id           BIGINT         NOT NULL AUTO_INCREMENT PRIMARY KEY,
  requested_at TIMESTAMP(3)   NOT NULL,
  operator     VARCHAR(128)   NOT NULL,
  user_id      BIGINT         NOT NULL,
  reference    VARCHAR(64)    NOT NULL, -- the TOP_UP flow's biz_no
  amount       DECIMAL(19, 2) NOT NULL,
  currency     CHAR(3)        NOT NULL,
  reason       VARCHAR(512)   NOT NULL,
  outcome      VARCHAR(32)    NOT NULL, -- TopUpOutcome
  flow_id      BIGINT         NULL,     -- the TOP_UP flow of the reference, when there is one
  detail       VARCHAR(512)   NULL,
  KEY idx_top_up_audit_reference (reference),
  KEY idx_top_up_audit_user (user_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
