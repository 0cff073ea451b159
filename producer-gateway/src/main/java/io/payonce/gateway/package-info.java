/**
 * The producer gateway: the one door through which a third-party payment platform tells PayOnce that a
 * payment succeeded, and the start of the outbox pipeline (DESIGN.md).
 * <p>
 * The platform calls back at least once, sometimes concurrently and sometimes replaying old requests, and
 * attackers call too. The gateway's promise is that each payment yields exactly one {@code t_outbox} event,
 * written in the same transaction as its {@code t_payment} row, and that every caller gets a precise answer:
 * 200 ACCEPTED or DUPLICATE only after a commit, 400/401/409/413 problem+json when it must not retry the same
 * request, 503 with {@code Retry-After} when it must. See {@code callback} for the rules and their reasons.
 */
package io.payonce.gateway;
