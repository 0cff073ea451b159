package io.payonce.simulator.payment;

import java.util.List;
import java.util.Set;

/**
 * What one charge produced: one payment, two under {@link Fault#CHARGE_TWICE}.
 * @param number the charge's number in fault-plan order, 0 if its faults were named
 */
public record Charge(String orderNo, long number, Set<Fault> faults, List<Payment> payments) {

	public Charge {
		faults = Set.copyOf(faults);
		payments = List.copyOf(payments);
	}

}
