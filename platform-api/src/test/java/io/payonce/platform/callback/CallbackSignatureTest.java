package io.payonce.platform.callback;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CallbackSignatureTest {

	@Test
	void signsTimestampDotRawBodyWithHmacSha256() {
		// given a body and a timestamp
		byte[] body = "ya want for nothing?".getBytes(StandardCharsets.UTF_8);

		// when (expected value computed independently, as the README's curl line does:
		// printf '%s' '1700000000.ya want for nothing?' | openssl dgst -sha256 -hmac Jefe)
		String header = CallbackSignature.header("Jefe", 1_700_000_000L, body);

		// then
		assertThat(header).isEqualTo("t=1700000000,v1=" + OPENSSL_DIGEST);
	}

	private static final String OPENSSL_DIGEST = "00353d0dddbb7ff80b23537adaff4794bf763e237f4190ee103cdf2fd419ceda";

	@Test
	void callbackJsonHasTheFixedFieldsWithTheAmountAsADecimalString() {
		PayCallback callback = PayCallback.success("PAY-1", "ORD-1", 42, new BigDecimal("12.50"),
				Instant.parse("2026-09-28T02:00:12Z"));

		assertThat(callback.json()).isEqualTo("{\"payNo\":\"PAY-1\",\"orderNo\":\"ORD-1\",\"userId\":42,"
				+ "\"amount\":\"12.50\",\"currency\":\"CNY\",\"status\":\"SUCCESS\",\"paidAt\":\"2026-09-28T02:00:12Z\"}");
	}

}
