package io.payonce.reconciliation.continuous;

import java.math.BigDecimal;
import java.time.Instant;

import io.payonce.contract.PayDeducted;
import io.payonce.contract.PaySuccess;
import io.payonce.reconciliation.reversal.ReversalBooked;

/** Valid events for one order, varied only where a test needs it. */
public final class Events {

	public static final Instant PAID_AT = Instant.parse("2026-09-28T02:00:12Z");

	private Events() {
	}

	public static PaySuccess aPayment(String orderNo) {
		return new PaySuccess("PN-" + orderNo, orderNo, 10086L, new BigDecimal("199.00"), "CNY", PAID_AT);
	}

	public static PayDeducted aDeduction(String orderNo, long flowId) {
		return aDeduction(orderNo, flowId, 10086L, new BigDecimal("199.00"));
	}

	/** alice's reversal, through the API, of the 199.00 deduction {@code reversedFlowId}. */
	public static ReversalBooked aReversal(String orderNo, long reversedFlowId, long reversalFlowId) {
		return new ReversalBooked(orderNo, reversedFlowId, reversalFlowId, 10086L, new BigDecimal("199.00"), "alice",
				"API", PAID_AT.plusSeconds(3600));
	}

	public static PayDeducted aDeduction(String orderNo, long flowId, long userId, BigDecimal amount) {
		return new PayDeducted(orderNo, "PN-" + orderNo, userId, amount, "CNY", flowId, PAID_AT.plusSeconds(1));
	}

}
