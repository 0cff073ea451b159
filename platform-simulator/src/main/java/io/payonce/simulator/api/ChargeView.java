package io.payonce.simulator.api;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import io.payonce.simulator.payment.Fault;

/**
 * The answer to a charge: its number in fault-plan order (0 if its faults were named), its faults and the
 * payments it made (two under CHARGE_TWICE).
 */
public record ChargeView(String orderNo, long charge, Set<Fault> faults, List<PaymentView> payments) {

	public ChargeView {
		faults = new TreeSet<>(faults);
	}

}
