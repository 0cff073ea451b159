package io.payonce.dlt.refund.kafka;

import io.payonce.dlt.refund.RefundDecision;
import tools.jackson.databind.json.JsonMapper;

/** A decision as the value of a decisions-topic record: JSON, instants as ISO-8601 text. */
final class RefundDecisionJson {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private RefundDecisionJson() {
	}

	static byte[] encode(RefundDecision decision) {
		return MAPPER.writeValueAsBytes(decision);
	}

	static RefundDecision decode(byte[] value) {
		return MAPPER.readValue(value, RefundDecision.class);
	}

}
