package io.payonce.reconciliation.platform.spring;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.reconciliation.platform.ActiveQuery;
import io.payonce.reconciliation.platform.RepairAnswer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.scheduling.annotation.Scheduled;

/**
 * Runs {@link ActiveQuery} every {@code payonce.reconciliation.active-query.interval} (after the previous sweep
 * ended), on every instance (see {@code io.payonce.reconciliation.platform}: a double find is harmless). Counters:
 * {@code payonce.reconciliation.active_query.orders} (tag {@code outcome}: held_by_gateway, paid, not_paid, unknown,
 * gateway_unavailable) and {@code payonce.reconciliation.active_query.payments} (tag {@code result}: accepted,
 * duplicate, duplicate_payment, conflict, failed). A payment found (accepted, duplicate_payment) or refused
 * (conflict, failed) is logged at WARN or ERROR with its payNo, order and amount: the audit trail, together with
 * the gateway's own line and {@code t_payment.source = 'QUERY'}.
 */
public class ActiveQueryJob {

	private static final Logger log = LoggerFactory.getLogger(ActiveQueryJob.class);

	static final String ORDERS = "payonce.reconciliation.active_query.orders";

	static final String PAYMENTS = "payonce.reconciliation.active_query.payments";

	private final ActiveQuery activeQuery;

	private final MeterRegistry meters;

	ActiveQueryJob(ActiveQuery activeQuery, MeterRegistry meters) {
		this.activeQuery = activeQuery;
		this.meters = meters;
		// registered at start, so that the first find is an increase from 0 that Prometheus' increase() sees
		for (ActiveQuery.Outcome outcome : ActiveQuery.Outcome.values()) {
			counter(ORDERS, "outcome", outcome.name());
		}
		for (RepairAnswer.Result result : RepairAnswer.Result.values()) {
			counter(PAYMENTS, "result", result.name());
		}
	}

	@Scheduled(fixedDelayString = "${payonce.reconciliation.active-query.interval:1m}",
			initialDelayString = "${payonce.reconciliation.active-query.interval:1m}")
	public void run() {
		ActiveQuery.Sweep sweep;
		try {
			sweep = this.activeQuery.sweep();
		}
		catch (RuntimeException ex) {
			// the trade database is down or similar: nothing was changed; the next sweep tries again
			log.warn("Active query sweep failed: {}", ex.toString());
			return;
		}
		for (ActiveQuery.Outcome outcome : ActiveQuery.Outcome.values()) {
			counter(ORDERS, "outcome", outcome.name()).increment(sweep.orders(outcome));
		}
		for (RepairAnswer.Result result : RepairAnswer.Result.values()) {
			counter(PAYMENTS, "result", result.name()).increment(sweep.submitted(result));
		}
		if (sweep.looked() > 0) {
			log.info("Active query sweep: {}", sweep);
		}
	}

	private Counter counter(String name, String tag, String value) {
		return Counter.builder(name).tag(tag, value.toLowerCase()).register(this.meters);
	}

}
