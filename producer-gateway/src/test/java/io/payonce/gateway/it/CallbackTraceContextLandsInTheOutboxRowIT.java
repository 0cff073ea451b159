package io.payonce.gateway.it;

import java.net.http.HttpResponse;
import java.util.Map;

import io.payonce.contract.TraceContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 17: the callback's W3C trace context is stored with its outbox row (the gateway's span, a child of the
 * platform's), in the payment's transaction; a malformed or absent one starts a new trace and is never refused.
 */
@ExtendWith(OutputCaptureExtension.class)
class CallbackTraceContextLandsInTheOutboxRowIT extends GatewayIntegrationTest {

	private static final String PLATFORM_TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

	private static final String PLATFORM_PARENT = "00-" + PLATFORM_TRACE_ID + "-00f067aa0ba902b7-01";

	@Test
	void theCallbacksTraceparentContinuesInTheOutboxRowAndTheLogLine(CapturedOutput output) {
		// given
		String id = newId();

		// when the platform calls inside its trace
		HttpResponse<String> response = postSignedWith(aCallbackBody(id, "12.50"), "traceparent", PLATFORM_PARENT,
				"tracestate", "congo=t61rcWkgMzE");

		// then the outbox row continues that trace with the gateway's own span, and keeps the trace state
		assertThat(response.statusCode()).isEqualTo(200);
		TraceContext stored = storedTrace("O-" + id);
		assertThat(stored.traceId()).isEqualTo(PLATFORM_TRACE_ID);
		assertThat(stored.spanId()).isNotEqualTo("00f067aa0ba902b7");
		assertThat(stored.traceparent()).endsWith("-01");
		assertThat(stored.tracestate()).isEqualTo("congo=t61rcWkgMzE");
		// and the callback's log line names that trace and span
		assertThat(output.getAll()).containsPattern("orderNo=O-" + id + " traceId=" + PLATFORM_TRACE_ID + " spanId="
				+ stored.spanId() + "\\].*Accepted payment N-" + id);
	}

	@Test
	void aMalformedTraceparentStartsANewTraceAndIsNotRefused() {
		// given
		String id = newId();

		// when
		HttpResponse<String> response = postSignedWith(aCallbackBody(id, "12.50"), "traceparent",
				"00-" + PLATFORM_TRACE_ID.toUpperCase() + "-00f067aa0ba902b7-01", "tracestate", "congo=t61rcWkgMzE");

		// then accepted, with a trace of its own (and no trace state: it belonged to the refused parent)
		assertThat(response.statusCode()).isEqualTo(200);
		TraceContext stored = storedTrace("O-" + id);
		assertThat(stored.isPresent()).isTrue();
		assertThat(stored.traceId()).isNotEqualToIgnoringCase(PLATFORM_TRACE_ID);
		assertThat(stored.tracestate()).isNull();
	}

	@Test
	void aCallbackWithoutTraceparentStartsATrace() {
		// given
		String id = newId();

		// when
		HttpResponse<String> response = postSigned(aCallbackBody(id, "12.50"));

		// then
		assertThat(response.statusCode()).isEqualTo(200);
		assertThat(storedTrace("O-" + id).isPresent()).isTrue();
	}

	private TraceContext storedTrace(String orderNo) {
		Map<String, Object> row = this.jdbc.sql("SELECT traceparent, tracestate FROM t_outbox WHERE aggregateid = ?")
			.params(orderNo)
			.query()
			.singleRow();
		String traceparent = (String) row.get("traceparent");
		assertThat(TraceContext.isValidTraceparent(traceparent)).as("stored traceparent %s", traceparent).isTrue();
		return new TraceContext(traceparent, (String) row.get("tracestate"));
	}

}
