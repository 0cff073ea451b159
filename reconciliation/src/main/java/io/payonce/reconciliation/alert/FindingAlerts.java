package io.payonce.reconciliation.alert;

import java.util.List;

import io.payonce.reconciliation.continuous.Finding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Fans a finding out to every sink; one broken sink (a webhook down) does not silence the others. */
public final class FindingAlerts implements FindingSink {

	private static final Logger log = LoggerFactory.getLogger(FindingAlerts.class);

	private final List<FindingSink> sinks;

	public FindingAlerts(List<FindingSink> sinks) {
		this.sinks = List.copyOf(sinks);
	}

	@Override
	public void raise(Finding finding) {
		for (FindingSink sink : this.sinks) {
			try {
				sink.raise(finding);
			}
			catch (RuntimeException ex) {
				// the finding is on the findings topic and in the log sink anyway; keep the other sinks going
				log.warn("Finding sink {} failed for {}: {}", sink.getClass().getSimpleName(), finding.findingId(),
						ex.toString());
			}
		}
	}

}
