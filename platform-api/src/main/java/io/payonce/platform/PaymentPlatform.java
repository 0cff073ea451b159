package io.payonce.platform;

import java.time.LocalDate;

/**
 * What PayOnce asks a payment platform, the port behind active query and statement reconciliation. One
 * adapter per platform: {@code io.payonce.platform.http.SimulatorPaymentPlatform} for the platform simulator;
 * a real platform's client (WeChat Pay, Alipay, Stripe) implements the same two methods with its own API,
 * authentication and statement format, and the callers do not change.
 */
public interface PaymentPlatform {

	/**
	 * The platform's word on one order: paid (with every successful payment it took for it), not paid, or
	 * unknown. Never throws for a platform that is down, slow or answers nonsense: that is {@link QueryAnswer.Unknown},
	 * and a caller must treat it like "ask again later", never like "not paid".
	 */
	QueryAnswer query(String orderNo);

	/**
	 * The platform's statement of one UTC day: every payment it took with a paid time in
	 * {@code [day 00:00Z, day+1 00:00Z)}, as it wrote them, with the errors of any line that could not be read.
	 * @throws StatementUnavailableException if the day is not closed yet or the platform cannot deliver it
	 */
	Statement statement(LocalDate day);

}
