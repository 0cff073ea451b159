package io.payonce.simulator.payment;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Objects;

/**
 * The platform's business rules.
 * @param feeRate the fee as a share of the amount, rounded half-up to the cent (0.006: WeChat Pay's and Alipay's
 * standard 0.6 %)
 * @param secondChargeAfter how much later the second payment of a double charge is made (and its callback sent)
 * @param misstateDelta what a misstated amount adds to the true one
 * @param duplicateAfter how much later the second copy of a duplicated callback starts
 * @param statementReadyAfter how long after the end of a UTC day its statement can be fetched
 */
public record PlatformSettings(BigDecimal feeRate, Duration secondChargeAfter, BigDecimal misstateDelta,
		Duration duplicateAfter, Duration statementReadyAfter) {

	public PlatformSettings {
		Objects.requireNonNull(feeRate, "feeRate");
		if (feeRate.signum() < 0 || feeRate.compareTo(BigDecimal.ONE) >= 0) {
			throw new IllegalArgumentException("feeRate must be in [0, 1): " + feeRate);
		}
		requireNotNegative(secondChargeAfter, "secondChargeAfter");
		requireNotNegative(duplicateAfter, "duplicateAfter");
		requireNotNegative(statementReadyAfter, "statementReadyAfter");
		Objects.requireNonNull(misstateDelta, "misstateDelta");
		if (misstateDelta.signum() <= 0 || misstateDelta.stripTrailingZeros().scale() > 2) {
			throw new IllegalArgumentException("misstateDelta must be a positive amount with at most 2 decimals: "
					+ misstateDelta);
		}
	}

	/** 0.6 % fee, second charge 17 s later (the incident's gap), 0.01 misstated, duplicate 1 s later, statements at 00:00Z. */
	public static PlatformSettings defaults() {
		return new PlatformSettings(new BigDecimal("0.006"), Duration.ofSeconds(17), new BigDecimal("0.01"),
				Duration.ofSeconds(1), Duration.ZERO);
	}

	public BigDecimal feeOf(BigDecimal amount) {
		return amount.multiply(this.feeRate).setScale(2, RoundingMode.HALF_UP);
	}

	private static void requireNotNegative(Duration value, String name) {
		Objects.requireNonNull(value, name);
		if (value.isNegative()) {
			throw new IllegalArgumentException(name + " must not be negative: " + value);
		}
	}

}
