-- Issue 14: the trade schema compares identities byte-exact (deduct-consumer's V2, utf8mb4_bin); this table lives
-- in it and follows: its biz_no is an orderNo, 'ab-1' is not 'AB-1'. Explicit InnoDB, as every trade table.
ALTER TABLE t_reversal_audit
  ENGINE = InnoDB,
  CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin;
