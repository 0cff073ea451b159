/**
 * Adapters of the domain ports: the Redis guard on Redisson ({@code SET NX PX} to claim, Lua compare-and-swap
 * to complete and to release) and the ledger on JDBC (one transaction: CAS INIT→PAID with the row count
 * checked, flow insert under {@code uk_biz_no_type}, conditional balance update, outbox row inserted and
 * deleted).
 * <p>
 * A Redis failure surfaces as {@link io.payonce.consumer.deduct.domain.GuardUnavailableException}; the
 * domain applies the failure policy. A database failure surfaces as Spring's {@code DataAccessException}:
 * "no answer", retried in place.
 */
package io.payonce.consumer.deduct.infra;
