package io.payonce.consumer.deduct.it;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

import io.payonce.contract.PaySuccess;

/** A batch of INIT orders of one well-funded user, each worth {@link #AMOUNT}. */
final class Load {

	static final String AMOUNT = "10.00";

	final long user = Fixtures.aUserId();

	final List<PaySuccess> payments = new ArrayList<>();

	private final TradeDatabase trade;

	Load(TradeDatabase trade, String balance) {
		this.trade = trade;
		trade.account(this.user, balance);
	}

	List<PaySuccess> orders(int count) {
		List<PaySuccess> batch = new ArrayList<>();
		for (int i = 0; i < count; i++) {
			String orderNo = Fixtures.anOrderNo();
			this.trade.order(orderNo, this.user, AMOUNT, "INIT");
			batch.add(Fixtures.aPayment(orderNo, this.user, AMOUNT));
		}
		this.payments.addAll(batch);
		return batch;
	}

	/** Number of orders of this load with anything but exactly one deduction. */
	long notExactlyOnce() {
		return this.payments.stream().filter((payment) -> this.trade.deductions(payment.orderNo()) != 1).count();
	}

	long deducted(List<PaySuccess> batch) {
		return batch.stream().filter((payment) -> this.trade.deductions(payment.orderNo()) > 0).count();
	}

	BigDecimal expectedBalance(String start) {
		return new BigDecimal(start).subtract(new BigDecimal(AMOUNT).multiply(BigDecimal.valueOf(this.payments.size())));
	}

}
