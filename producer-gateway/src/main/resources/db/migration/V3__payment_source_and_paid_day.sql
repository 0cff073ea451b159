-- Issue 20, the platform side. A payment now reaches the intake from three sources, all through the same path
-- (validation, idempotency, outbox): the platform's callback, active query (reconciliation asks the platform
-- about an order that stayed unpaid) and statement reconciliation (the platform's daily statement holds a
-- payment we never recorded). The source says who brought a row in; it never changes afterwards (a late callback
-- of a payment found by query is a DUPLICATE of that row).
--
-- paid_at gets an index: statement reconciliation reads a UTC day of payments (GET /api/v1/payments/days/{day}).
--
-- Cost on a large table: adding a column with a default is INSTANT on MariaDB 11.4 and the key is built in
-- place without a lock; callbacks go on while it runs (as V2). Two statements, as MariaDB does not combine an
-- instant column with an index build.

ALTER TABLE t_payment
  ADD COLUMN source ENUM('CALLBACK', 'QUERY', 'STATEMENT') NOT NULL DEFAULT 'CALLBACK' AFTER kind;

ALTER TABLE t_payment
  ADD KEY ix_paid_at (paid_at);
