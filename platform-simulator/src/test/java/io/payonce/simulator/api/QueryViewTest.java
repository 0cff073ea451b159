package io.payonce.simulator.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import io.payonce.simulator.payment.Payment;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

/** The simulator's query answer is the JSON that platform-api's adapter reads (its golden samples). */
class QueryViewTest {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	@Test
	void aPaidOrderIsAnsweredAsTheGoldenSample() {
		List<Payment> payments = List.of(payment("PN20260928001", "2026-09-28T02:00:12Z"),
				payment("PN20260928002", "2026-09-28T02:00:29Z"));

		String written = JSON.writeValueAsString(QueryView.of("P20260928001", payments));

		assertThat(JSON.readTree(written)).isEqualTo(JSON.readTree(golden("query-paid.v1.json")));
	}

	@Test
	void anOrderWithoutPaymentIsAnsweredAsTheGoldenSample() {
		String written = JSON.writeValueAsString(QueryView.of("P20260928003", List.of()));

		assertThat(JSON.readTree(written)).isEqualTo(JSON.readTree(golden("query-not-paid.v1.json")));
	}

	private static Payment payment(String payNo, String paidAt) {
		// the query states what was charged, not a misstated callback or statement amount
		return new Payment(payNo, "P20260928001", 10086, new BigDecimal("199.00"), "CNY", "SUCCESS",
				Instant.parse(paidAt), new BigDecimal("1.19"), new BigDecimal("199.01"), new BigDecimal("199.02"),
				Set.of(), null, 1);
	}

	private static byte[] golden(String name) {
		try (InputStream in = QueryViewTest.class.getResourceAsStream("/platform/" + name)) {
			assertThat(in).as("golden file %s of platform-api", name).isNotNull();
			return in.readAllBytes();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
