-- Gateway schema (payonce_gateway). Times are UTC, written by the application from its clock.

CREATE TABLE t_payment (
  id                BIGINT        NOT NULL AUTO_INCREMENT PRIMARY KEY,
  pay_no            VARCHAR(64)   NOT NULL,                  -- the platform's payment number
  order_no          VARCHAR(64)   NOT NULL,                  -- our order number, the event key
  user_id           BIGINT        NOT NULL,
  amount            DECIMAL(18,2) NOT NULL,
  currency          CHAR(3)       NOT NULL,
  status            VARCHAR(32)   NOT NULL,                  -- as reported; only SUCCESS has an event
  paid_at           DATETIME(3)   NOT NULL,
  fingerprint       CHAR(64)      NOT NULL,                  -- io.payonce.contract.Fingerprint of the content
  event_id          CHAR(36)      NULL,                      -- t_outbox.id of the one event, NULL if none
  duplicate_count   INT           NOT NULL DEFAULT 0,        -- repeated callbacks absorbed
  received_at       DATETIME(3)   NOT NULL,
  last_duplicate_at DATETIME(3)   NULL,
  -- The last wall against double events: one row per payNo and per orderNo, whatever the application does.
  UNIQUE KEY uk_pay_no (pay_no),
  UNIQUE KEY uk_order_no (order_no)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Debezium EventRouter defaults (docs/conventions.md). Rows are inserted and, with the default clean-up,
-- deleted in the same transaction: the relay reads the insert from the binlog and ignores the delete.
CREATE TABLE t_outbox (
  id            CHAR(36)     NOT NULL PRIMARY KEY,
  aggregatetype VARCHAR(64)  NOT NULL,
  aggregateid   VARCHAR(64)  NOT NULL,
  type          VARCHAR(64)  NOT NULL,
  payload       LONGTEXT     NOT NULL,
  created_at    TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
  KEY ix_outbox_created_at (created_at)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
