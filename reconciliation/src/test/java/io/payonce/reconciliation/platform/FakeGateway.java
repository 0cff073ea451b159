package io.payonce.reconciliation.platform;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.payonce.platform.PlatformPayment;

/**
 * The gateway's intake as far as the platform side sees it: one row per payNo, the first payNo of an order holds
 * it, another payNo of a held order is owed back; other content for a known payNo is a conflict.
 */
public final class FakeGateway implements GatewayPayments {

	public final Map<String, PlatformPayment> rows = new LinkedHashMap<>();

	public final Map<String, RepairSource> sources = new LinkedHashMap<>();

	public final List<String> submissions = new ArrayList<>();

	public final Set<String> heldOrders = new HashSet<>();

	public final List<RecordedPayment> day = new ArrayList<>();

	public boolean down;

	@Override
	public boolean holdsPaymentOf(String orderNo) {
		if (this.down) {
			throw new GatewayUnavailableException("connection refused", null);
		}
		return this.heldOrders.contains(orderNo);
	}

	@Override
	public RepairAnswer submit(PlatformPayment payment, RepairSource source, String reference) {
		this.submissions.add(payment.payNo());
		if (this.down) {
			return new RepairAnswer(RepairAnswer.Result.FAILED, "connection refused");
		}
		PlatformPayment known = this.rows.get(payment.payNo());
		if (known != null) {
			return known.amount().compareTo(payment.amount()) == 0
					? new RepairAnswer(RepairAnswer.Result.DUPLICATE, "no event")
					: new RepairAnswer(RepairAnswer.Result.CONFLICT, "amount");
		}
		this.rows.put(payment.payNo(), payment);
		this.sources.put(payment.payNo(), source);
		boolean held = !this.heldOrders.add(payment.orderNo());
		return new RepairAnswer(held ? RepairAnswer.Result.DUPLICATE_PAYMENT : RepairAnswer.Result.ACCEPTED, "event");
	}

	@Override
	public List<RecordedPayment> paidOn(LocalDate day) {
		if (this.down) {
			throw new GatewayUnavailableException("connection refused", null);
		}
		return List.copyOf(this.day);
	}

}
