-- Run as the trade schema's owner (spring.flyway.user) after V1, again whenever this file or its placeholders
-- change. The reconciliation's own user gets exactly what the ledger audit reads and a reversal or a top-up
-- writes: a REVERSE_DEDUCT or TOP_UP flow (INSERT, never UPDATE or DELETE), the balance credit (two columns of
-- t_account) and its audit row (insert-only as well). Nothing on t_outbox: a reconciliation can never publish to pay.success.
-- Placeholders: spring.flyway.placeholders.runtimeuser (default: spring.datasource.username), .granteehost.
GRANT SELECT ON t_order TO '${runtimeuser}'@'${granteehost}';
GRANT SELECT, UPDATE (balance, updated_at) ON t_account TO '${runtimeuser}'@'${granteehost}';
GRANT SELECT, INSERT ON t_account_flow TO '${runtimeuser}'@'${granteehost}';
GRANT SELECT, INSERT ON t_reversal_audit TO '${runtimeuser}'@'${granteehost}';
GRANT SELECT, INSERT ON t_top_up_audit TO '${runtimeuser}'@'${granteehost}';
-- Statement reconciliation (V4): a file's import row is inserted once and its status moved by CAS; never deleted.
GRANT SELECT, INSERT, UPDATE (status, operator, channel, started_at, finished_at, rows_read, line_errors, findings, report)
  ON t_statement_import TO '${runtimeuser}'@'${granteehost}';
-- Freezing deductions (the consumer's V4): the state moves by INSERT or CAS UPDATE, never deleted; the audit is
-- insert-only.
GRANT SELECT, INSERT, UPDATE ON t_account_freeze TO '${runtimeuser}'@'${granteehost}';
GRANT SELECT, INSERT ON t_account_freeze_audit TO '${runtimeuser}'@'${granteehost}';
