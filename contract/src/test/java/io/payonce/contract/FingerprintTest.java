package io.payonce.contract;

import java.math.BigDecimal;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FingerprintTest {

	private static PaySuccess payment(String amount, long userId, String currency, Instant paidAt) {
		return new PaySuccess("PN1", "O1", userId, new BigDecimal(amount), currency, paidAt);
	}

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:12Z");

	@Test
	void sameMoneyWrittenDifferentlyHasTheSameFingerprint() {
		assertThat(payment("199.0", 1, "CNY", T0).fingerprint()).isEqualTo(payment("199.00", 1, "CNY", T0).fingerprint());
	}

	@Test
	void aResentCallbackWithANewTimestampIsTheSamePayment() {
		assertThat(payment("199.00", 1, "CNY", T0).fingerprint())
			.isEqualTo(payment("199.00", 1, "CNY", T0.plusSeconds(17)).fingerprint());
	}

	@Test
	void amountUserOrCurrencyChangeTheFingerprint() {
		String base = payment("199.00", 1, "CNY", T0).fingerprint();

		assertThat(payment("199.01", 1, "CNY", T0).fingerprint()).isNotEqualTo(base);
		assertThat(payment("199.00", 2, "CNY", T0).fingerprint()).isNotEqualTo(base);
		assertThat(payment("199.00", 1, "USD", T0).fingerprint()).isNotEqualTo(base);
		assertThat(base).hasSize(64);
	}

}
