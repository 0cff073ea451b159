package io.payonce.platform;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The platform's answer to "was this order paid?". Only {@link Paid} may change anything on our side;
 * {@link NotPaid} and {@link Unknown} leave an order as it is (an order not paid now may be paid a minute later,
 * and a platform that does not answer has said nothing).
 */
public sealed interface QueryAnswer permits QueryAnswer.Paid, QueryAnswer.NotPaid, QueryAnswer.Unknown {

	String orderNo();

	/**
	 * The platform took at least one successful payment for the order. More than one is a double charge:
	 * the first is the order's payment, the others are owed back (the gateway answers them
	 * {@code DUPLICATE_PAYMENT}).
	 * @param payments at least one, each of this order, oldest first
	 */
	record Paid(String orderNo, List<PlatformPayment> payments) implements QueryAnswer {

		public Paid {
			Objects.requireNonNull(orderNo, "orderNo");
			if (payments == null || payments.isEmpty()) {
				throw new IllegalArgumentException("a paid order has at least one payment: " + orderNo);
			}
			for (PlatformPayment payment : payments) {
				if (!payment.orderNo().equals(orderNo)) {
					throw new IllegalArgumentException(
							"payment " + payment.payNo() + " is of order " + payment.orderNo() + ", not " + orderNo);
				}
			}
			payments = payments.stream()
				.sorted(Comparator.comparing(PlatformPayment::paidAt).thenComparing(PlatformPayment::payNo))
				.toList();
		}

	}

	/** The platform has no successful payment for the order (it may not know the order at all). */
	record NotPaid(String orderNo) implements QueryAnswer {

		public NotPaid {
			Objects.requireNonNull(orderNo, "orderNo");
		}

	}

	/**
	 * No usable answer: the platform was unreachable, too slow, answered an error or something unreadable.
	 * @param reason for the log and the audit, e.g. {@code "HTTP 503"}
	 */
	record Unknown(String orderNo, String reason) implements QueryAnswer {

		public Unknown {
			Objects.requireNonNull(orderNo, "orderNo");
			Objects.requireNonNull(reason, "reason");
		}

	}

}
