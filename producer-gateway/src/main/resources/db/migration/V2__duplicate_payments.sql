-- A second platform payment for an order is money we owe back (issue 14). Before this migration a callback
-- with a new payNo for a known orderNo was refused by uk_order_no (409): the platform retried for a day and the
-- second charge existed nowhere in our books. From now on every platform payment has its own row:
--
--   one row per payNo, whatever it is ........ uk_pay_no (unchanged)
--   one payment holds each order (PRIMARY) .... uk_primary_order_no on primary_order_no, a generated column
--                                               that carries order_no for the PRIMARY row and NULL otherwise
--                                               (a unique index admits any number of NULLs)
--   every other payNo of the order ........... kind DUPLICATE: its SUCCESS publishes a DuplicatePayment to
--                                               pay.refund-required instead of a PaySuccess
--
-- Existing rows become PRIMARY (the default); they satisfied uk_order_no, so they satisfy uk_primary_order_no.
-- The identifiers stay byte-exact: the table's utf8mb4_bin, spelled out on the generated column too.
--
-- Cost on a large table: none of the three statements rebuilds or locks t_payment on MariaDB 11.4 (checked
-- with ALGORITHM=INSTANT for the two columns and ALGORITHM=INPLACE, LOCK=NONE for the keys); callbacks go on
-- while it runs. They are three statements because MariaDB does not combine adding a virtual column with
-- other changes in place. DDL is not transactional here: should the third fail, repair by hand (drop the two
-- columns) before Flyway tries again; it can only fail on an outage, not on the data.

ALTER TABLE t_payment
  ADD COLUMN kind ENUM('PRIMARY', 'DUPLICATE') NOT NULL DEFAULT 'PRIMARY' AFTER order_no;

ALTER TABLE t_payment
  ADD COLUMN primary_order_no VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin
    GENERATED ALWAYS AS (CASE WHEN kind = 'PRIMARY' THEN order_no END) VIRTUAL;

ALTER TABLE t_payment
  ADD UNIQUE KEY uk_primary_order_no (primary_order_no),
  ADD KEY ix_order_no (order_no),
  DROP INDEX uk_order_no;
