-- Issue 20, the repair SOP's first step (incident chapter 5.4): freeze an account's automatic deductions to stop the
-- loss. One row per account that was ever frozen; its status moves FROZEN <-> UNFROZEN by CAS
-- (UPDATE ... WHERE status = ?, row count checked), never deleted. The consumer's debit refuses an account whose row
-- says FROZEN, in the statement that moves the money (NOT EXISTS on this table): the payment waits in the retry
-- ladder with reason ACCOUNT_FROZEN and is deducted once after the unfreeze. Only the reconciliation writes here
-- (its operator API and the statement import's UNKNOWN_PAYMENT hook); the consumer only reads.
CREATE TABLE t_account_freeze (
  user_id    BIGINT       NOT NULL PRIMARY KEY, -- t_account.user_id (a freeze needs the account)
  status     VARCHAR(16)  NOT NULL,             -- FROZEN | UNFROZEN
  version    BIGINT       NOT NULL,             -- +1 per change: the audit's before/after name it
  changed_by VARCHAR(128) NOT NULL,             -- the operator, or the statement import
  changed_at TIMESTAMP(3) NOT NULL,
  reason     VARCHAR(512) NOT NULL,             -- why of the last change, as given
  cause      VARCHAR(256) NULL,                 -- automatic freezes: what caused it (statement import, payNo, orderNo)
  CONSTRAINT ck_account_freeze_status CHECK (status IN ('FROZEN', 'UNFROZEN'))
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- Every freeze and unfreeze request, refused ones too (already frozen, not frozen, no account): who, when, why, the
-- state before and after. Insert-only, like the ledger.
CREATE TABLE t_account_freeze_audit (
  id           BIGINT       NOT NULL AUTO_INCREMENT PRIMARY KEY,
  requested_at TIMESTAMP(3) NOT NULL,
  operator     VARCHAR(128) NOT NULL,
  user_id      BIGINT       NOT NULL,
  action       VARCHAR(16)  NOT NULL, -- FREEZE | UNFREEZE
  reason       VARCHAR(512) NOT NULL,
  cause        VARCHAR(256) NULL,
  outcome      VARCHAR(32)  NOT NULL, -- FreezeOutcome
  status_before VARCHAR(16) NULL,     -- NULL: never frozen before (or no account)
  status_after  VARCHAR(16) NULL,
  KEY idx_account_freeze_audit_user (user_id)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;

-- The debit reads the freeze (NOT EXISTS): the consumer's runtime user may read it and nothing more. Granted here, not
-- in R__runtime_grants.sql, which also runs on a schema migrated only to V1 (no such table there).
GRANT SELECT ON t_account_freeze TO '${runtimeuser}'@'${granteehost}';
