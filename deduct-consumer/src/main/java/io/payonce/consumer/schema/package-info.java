/**
 * The trade schema's own rules that Flyway's SQL cannot state: {@link io.payonce.consumer.schema.TradeSchemaPreflight}
 * refuses migration V2 (byte-exact identities, {@code utf8mb4_bin}) while existing rows would change meaning under
 * it, naming each one. The migrations themselves are {@code src/main/resources/db/migration}.
 * <p>
 * Identity rule (DESIGN.md): orderNo and payNo are case-sensitive, byte-exact identifiers in every store, key and
 * cache. In the trade schema every text column, every table default and the schema default are
 * {@code utf8mb4_bin}; Redis keys and Kafka keys are bytes already.
 */
package io.payonce.consumer.schema;
