package io.payonce.contract;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

class GoldenContractTest {

	static byte[] golden(String name) {
		try (InputStream in = GoldenContractTest.class.getResourceAsStream("/contract/" + name)) {
			assertThat(in).as("golden file %s", name).isNotNull();
			return in.readAllBytes();
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Test
	void paySuccessGoldenFileDecodesToTheExpectedRecord() {
		PayonceEvent event = EventCodec.decode("PaySuccess", golden("pay-success.v1.json"));

		assertThat(event).isEqualTo(new PaySuccess("PN20260928001", "P20260928001", 10086L, new BigDecimal("199.00"),
				"CNY", Instant.parse("2026-09-28T02:00:12Z")));
	}

	@Test
	void paySuccessEncodesToTheGoldenJson() {
		PaySuccess event = (PaySuccess) EventCodec.decode("PaySuccess", golden("pay-success.v1.json"));

		JsonMapper mapper = JsonMapper.builder().build();
		JsonNode written = mapper.readTree(EventCodec.encode(event));
		JsonNode expected = mapper.readTree(new String(golden("pay-success.v1.json"), StandardCharsets.UTF_8));
		assertThat(written).isEqualTo(expected);
		assertThat(written.get("amount").isString()).as("amount travels as a string").isTrue();
	}

	@Test
	void payDeductedGoldenFileRoundTrips() {
		PayonceEvent event = EventCodec.decode("PayDeducted", golden("pay-deducted.v1.json"));

		assertThat(event).isInstanceOf(PayDeducted.class);
		assertThat(EventCodec.decode("PayDeducted", EventCodec.encode(event))).isEqualTo(event);
		assertThat(((PayDeducted) event).flowId()).isEqualTo(1001L);
	}

	@Test
	void duplicatePaymentGoldenFileDecodesToTheExpectedRecordAndRoundTrips() {
		PayonceEvent event = EventCodec.decode("DuplicatePayment", golden("duplicate-payment.v1.json"));

		assertThat(event).isEqualTo(new DuplicatePayment("PN20260928002", "P20260928001", 10086L,
				new BigDecimal("199.00"), "CNY", Instant.parse("2026-09-28T02:03:40Z"), "PN20260928001",
				DuplicatePayment.Detector.GATEWAY));
		assertThat(EventType.of(event).topic()).isEqualTo(Topic.PAY_REFUND_REQUIRED);
		assertThat(EventCodec.decode("DuplicatePayment", EventCodec.encode(event))).isEqualTo(event);
	}

}
