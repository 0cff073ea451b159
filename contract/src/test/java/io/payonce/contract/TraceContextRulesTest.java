package io.payonce.contract;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TraceContextRulesTest {

	private static final String VALID = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

	@Test
	void aWellFormedTraceparentIsKeptWithItsTraceState() {
		// when
		TraceContext context = TraceContext.of(VALID, "congo=t61rcWkgMzE,rojo=00f067aa0ba902b7");

		// then
		assertThat(context.isPresent()).isTrue();
		assertThat(context.traceparent()).isEqualTo(VALID);
		assertThat(context.tracestate()).isEqualTo("congo=t61rcWkgMzE,rojo=00f067aa0ba902b7");
		assertThat(context.traceId()).isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
		assertThat(context.spanId()).isEqualTo("00f067aa0ba902b7");
	}

	@ParameterizedTest
	@ValueSource(strings = { "", "garbage", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7", // no flags
			"00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01", // upper case
			"ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", // version ff is invalid
			"01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", // a later version: not the form we store
			"00-00000000000000000000000000000000-00f067aa0ba902b7-01", // all-zero trace id
			"00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01", // all-zero span id
			"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
			"00_4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7_01" })
	void aMalformedTraceparentIsNoContextNeverAnError(String traceparent) {
		// when
		TraceContext context = TraceContext.of(traceparent, "congo=t61rcWkgMzE");

		// then: the trace state means nothing without its parent
		assertThat(context).isEqualTo(TraceContext.NONE);
		assertThat(context.isPresent()).isFalse();
		assertThat(context.traceId()).isNull();
	}

	@Test
	void anAbsentTraceparentIsNoContext() {
		assertThat(TraceContext.of(null, null)).isEqualTo(TraceContext.NONE);
	}

	@Test
	void aTraceStateWiderThanTheColumnIsDroppedButTheParentKept() {
		// when
		TraceContext context = TraceContext.of(VALID, "a=" + "x".repeat(TraceContext.MAX_TRACESTATE));

		// then
		assertThat(context.traceparent()).isEqualTo(VALID);
		assertThat(context.tracestate()).isNull();
	}

	@Test
	void aBlankTraceStateIsNotStored() {
		assertThat(TraceContext.of(VALID, " ").tracestate()).isNull();
	}

}
