-- Issue 20: statement reconciliation imports each platform statement file once. One row per file, keyed by the
-- SHA-256 of its bytes: a second import of the same file finds the row and changes nothing. The row is claimed
-- (IMPORTING) before the import works and finished (DONE, or INCOMPLETE when a repair got no verdict and a
-- re-import may finish it) by CAS on status. Owned by the reconciliation service, like t_reversal_audit.
CREATE TABLE t_statement_import (
  sha256        CHAR(64)      NOT NULL PRIMARY KEY,
  statement_day DATE          NOT NULL,
  status        VARCHAR(16)   NOT NULL, -- IMPORTING, DONE, INCOMPLETE
  operator      VARCHAR(128)  NOT NULL,
  channel       VARCHAR(16)   NOT NULL, -- API, CLI
  started_at    TIMESTAMP(3)  NOT NULL,
  finished_at   TIMESTAMP(3)  NULL,
  rows_read     INT           NULL,
  line_errors   INT           NULL,
  findings      INT           NULL,
  report        VARCHAR(255)  NULL,     -- the report's name in the report directory (<name>.md, <name>.csv)
  KEY idx_statement_import_day (statement_day)
) ENGINE = InnoDB DEFAULT CHARSET = utf8mb4 COLLATE = utf8mb4_bin;
