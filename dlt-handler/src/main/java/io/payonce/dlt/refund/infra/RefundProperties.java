package io.payonce.dlt.refund.infra;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Duplicate payments in the console ({@code payonce.dlt.refunds.*}).
 *
 * @param decisionsTopic the compacted topic of the operators' decisions (key = payNo), created by the handler
 * at start with one partition and the replication factor of {@code payonce.dlt.streams.replication-factor}
 * [PAYONCE_DLT_REFUNDS_DECISIONS_TOPIC, default {@code payonce.dlt.refund-decisions}]
 */
@Validated
@ConfigurationProperties("payonce.dlt.refunds")
public record RefundProperties(String decisionsTopic) {

	public static final String DEFAULT_DECISIONS_TOPIC = "payonce.dlt.refund-decisions";

	public RefundProperties {
		if (decisionsTopic == null || decisionsTopic.isBlank()) {
			decisionsTopic = DEFAULT_DECISIONS_TOPIC;
		}
	}

}
