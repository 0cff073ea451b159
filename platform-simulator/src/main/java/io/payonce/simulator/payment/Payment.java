package io.payonce.simulator.payment;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * One payment the platform took, as it holds it, with what it will say about it where that differs.
 * @param amount what the user was charged: the query answer's amount
 * @param fee what the platform keeps, on the statement
 * @param callbackAmount the amount the callback states (differs from {@code amount} under
 * {@link Fault#MISSTATE_CALLBACK_AMOUNT})
 * @param statementAmount the amount the statement states (differs under {@link Fault#MISSTATE_STATEMENT_AMOUNT})
 * @param faults the faults of this payment's charge (a second charge has none of its own)
 * @param secondChargeOf for the second payment of a {@link Fault#CHARGE_TWICE} charge: the first payment's
 * payNo; otherwise {@code null}
 * @param charge the charge's number in {@link FaultPlan} order, 0 if its faults were named in the request
 */
public record Payment(String payNo, String orderNo, long userId, BigDecimal amount, String currency, String status,
		Instant paidAt, BigDecimal fee, BigDecimal callbackAmount, BigDecimal statementAmount, Set<Fault> faults,
		String secondChargeOf, long charge) {

	public static final String SUCCESS = "SUCCESS";

	public Payment {
		Objects.requireNonNull(payNo, "payNo");
		Objects.requireNonNull(orderNo, "orderNo");
		Objects.requireNonNull(currency, "currency");
		Objects.requireNonNull(status, "status");
		Objects.requireNonNull(paidAt, "paidAt");
		// money has exactly two places everywhere (a larger scale is refused, never rounded)
		amount = cents(amount, "amount");
		fee = cents(fee, "fee");
		callbackAmount = cents(callbackAmount, "callbackAmount");
		statementAmount = cents(statementAmount, "statementAmount");
		faults = faults.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(faults));
	}

	/**
	 * How many copies of the callback are sent: none if it is lost (this wins over sending it twice), two if it
	 * is sent twice, else one.
	 */
	public int callbackCopies() {
		if (this.faults.contains(Fault.LOSE_CALLBACK)) {
			return 0;
		}
		return this.faults.contains(Fault.DUPLICATE_CALLBACK) ? 2 : 1;
	}

	private static BigDecimal cents(BigDecimal value, String name) {
		return Objects.requireNonNull(value, name).setScale(2, RoundingMode.UNNECESSARY);
	}

}
