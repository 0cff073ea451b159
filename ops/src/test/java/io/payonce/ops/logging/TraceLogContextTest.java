package io.payonce.ops.logging;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

import static org.assertj.core.api.Assertions.assertThat;

class TraceLogContextTest {

	private static final String TRACEPARENT = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

	@AfterEach
	void clear() {
		MDC.clear();
	}

	@Test
	void theRecordsTraceAndSpanIdsAndItsOrderAreInTheContextWhileInside() {
		try (TraceLogContext context = TraceLogContext.enter("P20261201001", TRACEPARENT)) {
			assertThat(MDC.get("traceId")).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
			assertThat(MDC.get("spanId")).isEqualTo("00f067aa0ba902b7");
			assertThat(MDC.get("orderNo")).isEqualTo("P20261201001");
		}
		assertThat(MDC.getCopyOfContextMap()).isNullOrEmpty();
	}

	@Test
	void closingRestoresWhatWasThereBefore() {
		// given an outer request's trace on the thread
		MDC.put("traceId", "11111111111111111111111111111111");
		MDC.put("spanId", "2222222222222222");

		// when a record's scope opens and closes
		try (TraceLogContext context = TraceLogContext.enter("P1", TRACEPARENT)) {
			assertThat(MDC.get("traceId")).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
		}

		// then the outer one is back, and no order was left behind
		assertThat(MDC.get("traceId")).isEqualTo("11111111111111111111111111111111");
		assertThat(MDC.get("spanId")).isEqualTo("2222222222222222");
		assertThat(MDC.get("orderNo")).isNull();
	}

	@Test
	void aMissingOrMalformedTraceparentPutsNoTraceIds() {
		for (String bad : new String[] { null, "", "00-zz-00f067aa0ba902b7-01",
				"00-00000000000000000000000000000000-00f067aa0ba902b7-01",
				"00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01" }) {
			try (TraceLogContext context = TraceLogContext.enter("P1", bad)) {
				assertThat(MDC.get("traceId")).as(bad).isNull();
				assertThat(MDC.get("orderNo")).isEqualTo("P1");
			}
		}
	}

}
