/**
 * Kafka adapters of the deduction: the thin {@code @KafkaListener}, the value deserializer and the failure
 * routing.
 * <p>
 * Offsets follow the result (chapter 4 of the incident). The container runs with {@code AckMode.MANUAL}: the
 * listener acknowledges only after the handler returned, i.e. after the deduction committed, or the duplicate
 * was recognised, or the record was published to the retry or terminal topic and the broker acknowledged
 * that publish. The container then commits once per poll.
 * <p>
 * Three kinds of trouble, three paths:
 * <ul>
 * <li>business failure (insufficient balance, missing order, illegal state, conflict): routed by
 * {@link io.payonce.consumer.deduct.kafka.FailureRouter}, then acknowledged;</li>
 * <li>unreadable bytes: the {@code ErrorHandlingDeserializer} turns them into a {@code DeserializationException},
 * which the {@code DefaultErrorHandler} never retries and hands to
 * {@link io.payonce.consumer.deduct.kafka.UnreadableRecordRecoverer}: terminal topic, reason UNREADABLE, the
 * partition moves on;</li>
 * <li>no answer (Redis under CLOSED, database, a failed publish): the exception leaves the listener, the error
 * handler seeks every partition back to the poll's first record and retries with a capped exponential backoff
 * that never gives up. Nothing is committed and nothing is skipped; the records wait in Kafka. The poll is
 * fetched again each time, never kept across a rebalance: its acknowledgement could otherwise arrive after
 * its partition moved to another instance and rewind that instance's committed offset.</li>
 * </ul>
 */
package io.payonce.consumer.deduct.kafka;
