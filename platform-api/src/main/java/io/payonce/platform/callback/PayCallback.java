package io.payonce.platform.callback;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

import tools.jackson.databind.json.JsonMapper;

/**
 * A payment platform's callback as DESIGN.md fixes it: {@code {"payNo","orderNo","userId","amount","currency",
 * "status","paidAt"}}, the amount written as a decimal string.
 */
public record PayCallback(String payNo, String orderNo, long userId, BigDecimal amount, String currency,
		String status, Instant paidAt) {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** A successful payment in CNY. */
	public static PayCallback success(String payNo, String orderNo, long userId, BigDecimal amount, Instant paidAt) {
		return new PayCallback(payNo, orderNo, userId, amount, "CNY", "SUCCESS", paidAt);
	}

	public PayCallback withAmount(BigDecimal newAmount) {
		return new PayCallback(this.payNo, this.orderNo, this.userId, newAmount, this.currency, this.status,
				this.paidAt);
	}

	public PayCallback withPayNo(String newPayNo) {
		return new PayCallback(newPayNo, this.orderNo, this.userId, this.amount, this.currency, this.status,
				this.paidAt);
	}

	/** The raw JSON body; sign exactly these bytes. */
	public String json() {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("payNo", this.payNo);
		body.put("orderNo", this.orderNo);
		body.put("userId", this.userId);
		body.put("amount", this.amount.toPlainString());
		body.put("currency", this.currency);
		body.put("status", this.status);
		body.put("paidAt", this.paidAt.toString());
		return JSON.writeValueAsString(body);
	}

}
