package io.payonce.dlt.config;

import java.time.Duration;

import jakarta.validation.constraints.Min;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The ops console ({@code payonce.dlt.console.*}).
 *
 * @param auditTopic the audit trail: a one-partition topic shared by every handler instance, created by the
 * handler (retention unlimited) [PAYONCE_DLT_CONSOLE_AUDIT_TOPIC, default {@code payonce.dlt.audit}]; its writers
 * share the transactional id {@code <audit-topic>.writer}
 * @param auditRefresh how often an instance reads what the others appended [PAYONCE_DLT_CONSOLE_AUDIT_REFRESH,
 * default 500ms]
 * @param auditTimeout how long reading the trail to its end or writing a turn may take before the request is
 * answered 503 [PAYONCE_DLT_CONSOLE_AUDIT_TIMEOUT, default 10s]
 * @param replayLimit records that may be replayed per {@code replayWindow}, by all instances together (sliding
 * window on the audit trail) [PAYONCE_DLT_CONSOLE_REPLAY_LIMIT, default 60]
 * @param replayWindow [PAYONCE_DLT_CONSOLE_REPLAY_WINDOW, default 1m]
 * @param peerTimeout how long the console waits for another instance's part of the pending retries; one that does
 * not answer in time is named in the answer as unreachable [PAYONCE_DLT_CONSOLE_PEER_TIMEOUT, default 3s]
 * <p>
 * The console's users are the service's ops users ({@code payonce.ops.users}, module {@code ops}): VIEWER reads,
 * ADMIN replays and resolves.
 */
@Validated
@ConfigurationProperties("payonce.dlt.console")
public record ConsoleProperties(String auditTopic, Duration auditRefresh, Duration auditTimeout,
		@Min(1) Integer replayLimit, Duration replayWindow, Duration peerTimeout) {

	public static final String DEFAULT_AUDIT_TOPIC = "payonce.dlt.audit";

	public ConsoleProperties {
		if (auditTopic == null || auditTopic.isBlank()) {
			auditTopic = DEFAULT_AUDIT_TOPIC;
		}
		auditRefresh = positiveOr(auditRefresh, Duration.ofMillis(500));
		auditTimeout = positiveOr(auditTimeout, Duration.ofSeconds(10));
		replayLimit = (replayLimit == null) ? 60 : replayLimit;
		replayWindow = positiveOr(replayWindow, Duration.ofMinutes(1));
		peerTimeout = positiveOr(peerTimeout, Duration.ofSeconds(3));
	}

	/** The transactional id every instance writes the trail with: one id, so that one writer commits at a time. */
	public String auditTransactionalId() {
		return this.auditTopic + ".writer";
	}

	private static Duration positiveOr(Duration value, Duration fallback) {
		return (value == null || value.isZero() || value.isNegative()) ? fallback : value;
	}

}
