package io.payonce.simulator.payment;

/** A valid charge the platform will not make (409), as a real platform refuses to charge a paid order twice. */
public class ChargeRefusedException extends RuntimeException {

	private final Reason reason;

	public ChargeRefusedException(Reason reason, String message) {
		super(message);
		this.reason = reason;
	}

	public Reason reason() {
		return this.reason;
	}

	/** Why. */
	public enum Reason {

		/** The order has a payment already (a double charge is asked for with {@link Fault#CHARGE_TWICE}). */
		ORDER_ALREADY_PAID,

		/** The payment would fall on a day whose statement has been issued; a statement never changes. */
		STATEMENT_ISSUED

	}

}
