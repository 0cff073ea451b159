package io.payonce.reconciliation.platform;

import java.time.LocalDate;
import java.util.List;

import io.payonce.platform.PlatformPayment;

/**
 * Port: the gateway, owner of {@code t_payment} and of the intake. The adapter talks to its lookup port as an ops
 * user (ADMIN for {@link #submit}).
 */
public interface GatewayPayments {

	/**
	 * Whether the gateway holds a successful payment for the order (its PRIMARY with status SUCCESS): the pipeline
	 * has the order's payment, whatever state the deduction is in (retry ladder, terminal, console).
	 * @throws GatewayUnavailableException if the gateway cannot be asked
	 */
	boolean holdsPaymentOf(String orderNo);

	/**
	 * Hands a payment the platform holds to the intake (same parser, validator, idempotency, outbox as a callback),
	 * recorded with {@code source}. Never throws for a gateway problem: that is {@link RepairAnswer.Result#FAILED}.
	 * @param reference for the audit line: the sweep or the statement file's hash
	 */
	RepairAnswer submit(PlatformPayment payment, RepairSource source, String reference);

	/**
	 * Every payment row of a UTC day (paid_at in {@code [day, day+1)}), PRIMARY and DUPLICATE, any status.
	 * @throws GatewayUnavailableException if the gateway cannot be asked
	 */
	List<RecordedPayment> paidOn(LocalDate day);

}
