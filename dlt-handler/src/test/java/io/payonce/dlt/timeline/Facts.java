package io.payonce.dlt.timeline;

import java.time.Instant;
import java.util.Map;

import io.payonce.contract.TimelineFact;

/** Valid timeline facts for the tests: one order, one trace, the services' real names. */
public final class Facts {

	public static final String ORDER = "P20261201001";

	public static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

	private Facts() {
	}

	public static TimelineFact aFact(TimelineFact.Step step, String decision, Instant at, Map<String, String> detail) {
		return new TimelineFact(ORDER, at, serviceOf(step), "host-1", step, decision, TRACE_ID, detail);
	}

	public static TimelineFact aCallback(Instant at, String answer) {
		return new TimelineFact(ORDER, at, Services.GATEWAY, "gw-1", TimelineFact.Step.CALLBACK, answer, TRACE_ID,
				Map.of("payNo", "PN1"));
	}

	private static String serviceOf(TimelineFact.Step step) {
		switch (step) {
			case CALLBACK:
				return Services.GATEWAY;
			case RELAYED:
				return Services.RELAY;
			case DELIVERY:
			case DEDUCTED:
				return Services.CONSUMER;
			case FINDING:
			case REVERSAL:
				return "reconciliation";
			default:
				return Services.DLT_HANDLER;
		}
	}

}
