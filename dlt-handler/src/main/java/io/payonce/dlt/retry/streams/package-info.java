/**
 * The Kafka Streams adapter of the retry ladder: topology, processor, store key and value formats, and the
 * {@code payonce-failure-history} header codec. The processor only applies
 * {@link io.payonce.dlt.retry.RetrySchedule}; the store key (due time big-endian, then event id) makes a
 * pending record unique per event and lets the punctuator stop at the first record not yet due.
 */
package io.payonce.dlt.retry.streams;
