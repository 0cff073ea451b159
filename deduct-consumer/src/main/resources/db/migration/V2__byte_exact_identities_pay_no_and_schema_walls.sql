-- Issue 14, "money at the edges". Runs only after TradeSchemaPreflight (a Flyway beforeMigrate callback) found
-- no row whose meaning this migration would change; it refuses the start otherwise, before anything here ran.
-- One ALTER per table: InnoDB applies each as a whole (DDL is not transactional across statements in MariaDB
-- or MySQL; deduct-consumer/README.md says how to recover from a failure half-way).

-- New tables follow the schema default, so it is byte-exact too.
ALTER DATABASE CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;

-- orderNo and payNo are byte-exact identifiers (DESIGN.md): 'ab-1' is not order 'AB-1'. CONVERT TO rewrites
-- every text column and the table default; the primary key stays unique (ci-unique values are bin-unique).
-- pay_no: the payment that paid the order, set by the same CAS that makes it PAID; NULL while INIT and for
-- orders paid before this migration (the ledger cannot tell their payment apart: see the README).
ALTER TABLE t_order
  ENGINE = InnoDB,
  CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin,
  ADD COLUMN pay_no VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL AFTER status;

-- The guarded debit (balance + delta >= 0) keeps a balance from going negative; the CHECK is the schema's wall
-- for every other writer.
ALTER TABLE t_account
  ENGINE = InnoDB,
  CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin,
  ADD CONSTRAINT ck_account_balance_not_negative CHECK (balance >= 0);

-- pay_no: the payment a PAY_DEDUCT flow deducted (a reversal copies the one it reverses).
-- reverses_flow_id: the flow a REVERSE_DEDUCT flow reverses; the reversal carries that flow's own biz_no, so its
-- business number always fits the column. NULL on deductions and on reversals booked before this migration,
-- which carry '<biz_no>-REVERSE' instead. One reversal per flow (and, through uk_biz_no_type, per biz_no).
ALTER TABLE t_account_flow
  ENGINE = InnoDB,
  CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin,
  ADD COLUMN pay_no VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL AFTER type,
  ADD COLUMN reverses_flow_id BIGINT NULL AFTER pay_no,
  ADD UNIQUE KEY uk_flow_reverses (reverses_flow_id);

ALTER TABLE t_outbox
  ENGINE = InnoDB,
  CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;
