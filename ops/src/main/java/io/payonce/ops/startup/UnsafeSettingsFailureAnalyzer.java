package io.payonce.ops.startup;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns the refusal into Spring Boot's "APPLICATION FAILED TO START" report, without a stack trace. */
final class UnsafeSettingsFailureAnalyzer extends AbstractFailureAnalyzer<UnsafeSettingsException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, UnsafeSettingsException cause) {
		return new FailureAnalysis(cause.getMessage(),
				"Give the service real secrets and users (SECURITY.md, README \"Settings\"). On a developer machine only,"
						+ " run it with the local profile: SPRING_PROFILES_ACTIVE=local.",
				cause);
	}

}
