package io.payonce.reconciliation.alert;

import io.payonce.reconciliation.continuous.Finding;

/**
 * Where findings are raised (metric, log, webhook …). A sink that fails must not stop the others, and a
 * finding may arrive twice after a crash (same {@link Finding#findingId()}).
 */
public interface FindingSink {

	void raise(Finding finding);

}
