package io.payonce.contract;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EventCodecTest {

	@ParameterizedTest(name = "{0}")
	@CsvSource(delimiter = '|', textBlock = """
			not json                 | {oops
			trailing garbage         | {"payNo":"a","orderNo":"o","userId":1,"amount":"1.00","currency":"CNY","paidAt":"2026-01-01T00:00:00Z"} x
			missing orderNo          | {"payNo":"a","userId":1,"amount":"1.00","currency":"CNY","paidAt":"2026-01-01T00:00:00Z"}
			missing userId           | {"payNo":"a","orderNo":"o","amount":"1.00","currency":"CNY","paidAt":"2026-01-01T00:00:00Z"}
			negative amount          | {"payNo":"a","orderNo":"o","userId":1,"amount":"-1.00","currency":"CNY","paidAt":"2026-01-01T00:00:00Z"}
			three decimals           | {"payNo":"a","orderNo":"o","userId":1,"amount":"1.001","currency":"CNY","paidAt":"2026-01-01T00:00:00Z"}
			amount not a number      | {"payNo":"a","orderNo":"o","userId":1,"amount":"ten","currency":"CNY","paidAt":"2026-01-01T00:00:00Z"}
			""")
	void unreadablePaySuccessIsRejectedWithReasonUnreadable(String label, String json) {
		assertThatThrownBy(() -> EventCodec.decode("PaySuccess", json.getBytes(StandardCharsets.UTF_8)))
			.isInstanceOf(UnreadableEventException.class)
			.satisfies(ex -> assertThat(((UnreadableEventException) ex).reason()).isEqualTo(FailureReason.UNREADABLE));
	}

	@Test
	void emptyPayloadIsUnreadable() {
		assertThatThrownBy(() -> EventCodec.decode("PaySuccess", new byte[0]))
			.isInstanceOf(UnreadableEventException.class);
	}

	@Test
	void unknownEventTypeIsRejectedNotIgnored() {
		assertThatThrownBy(() -> EventCodec.decode("RefundSuccess", "{}".getBytes(StandardCharsets.UTF_8)))
			.isInstanceOf(UnreadableEventException.class)
			.satisfies(ex -> assertThat(((UnreadableEventException) ex).reason())
				.isEqualTo(FailureReason.UNKNOWN_EVENT_TYPE));
	}

	@Test
	void unknownFieldsAreToleratedForForwardCompatibility() {
		String json = """
				{"payNo":"a","orderNo":"o","userId":1,"amount":"1.5","currency":"CNY",
				 "paidAt":"2026-01-01T00:00:00Z","channel":"new-field"}""";

		PayonceEvent event = EventCodec.decode("PaySuccess", json.getBytes(StandardCharsets.UTF_8));

		assertThat(event.orderNo()).isEqualTo("o");
	}

}
