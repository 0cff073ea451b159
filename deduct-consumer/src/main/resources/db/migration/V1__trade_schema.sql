-- Trade schema of the deduct consumer. Money is DECIMAL(19,2); nothing here is ever a float.

CREATE TABLE t_order (
  order_no   VARCHAR(64)    NOT NULL PRIMARY KEY,
  user_id    BIGINT         NOT NULL,
  amount     DECIMAL(19, 2) NOT NULL,
  currency   CHAR(3)        NOT NULL,
  -- INIT -> PAID -> SETTLED, PAID -> REFUNDED, INIT -> CLOSED; every change is a CAS on this column
  status     VARCHAR(16)    NOT NULL,
  created_at TIMESTAMP(3)   NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  updated_at TIMESTAMP(3)   NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
);

CREATE TABLE t_account (
  user_id    BIGINT         NOT NULL PRIMARY KEY,
  balance    DECIMAL(19, 2) NOT NULL,
  currency   CHAR(3)        NOT NULL,
  updated_at TIMESTAMP(3)   NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
);

-- Insert-only ledger: a flow is never edited or deleted, a mistake is corrected by a REVERSE_DEDUCT flow.
CREATE TABLE t_account_flow (
  id         BIGINT         NOT NULL AUTO_INCREMENT PRIMARY KEY,
  user_id    BIGINT         NOT NULL,
  amount     DECIMAL(19, 2) NOT NULL, -- negative for a deduction
  biz_no     VARCHAR(64)    NOT NULL, -- the orderNo
  type       VARCHAR(32)    NOT NULL, -- PAY_DEDUCT, REVERSE_DEDUCT
  created_at TIMESTAMP(3)   NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  -- The last wall of idempotency (incident chapter 3.1): one business number, one flow of each type.
  UNIQUE KEY uk_biz_no_type (biz_no, type),
  KEY idx_flow_user (user_id)
);

-- Debezium EventRouter outbox; rows are inserted and deleted in the deduction transaction.
CREATE TABLE t_outbox (
  id            CHAR(36)     NOT NULL PRIMARY KEY,
  aggregatetype VARCHAR(64)  NOT NULL,
  aggregateid   VARCHAR(64)  NOT NULL,
  type          VARCHAR(64)  NOT NULL,
  payload       LONGTEXT     NOT NULL,
  created_at    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3)
);
