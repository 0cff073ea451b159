package io.payonce.dlt.alert.infra;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.dlt.alert.Alert;
import io.payonce.dlt.alert.AlertLevel;
import io.payonce.dlt.alert.AlertSink;
import io.payonce.dlt.alert.BacklogAlertRules;
import io.payonce.dlt.terminal.TerminalIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Evaluates the backlog rules on the terminal index and sends level changes to every sink. Also exposes
 * the gauges {@code payonce.dlt.terminal.backlog}, {@code payonce.dlt.terminal.oldest.age} (seconds) and
 * {@code payonce.dlt.alert.level} (0 none, 1 warning, 2 critical) that the Prometheus rules use.
 */
public final class BacklogMonitor {

	private static final Logger log = LoggerFactory.getLogger(BacklogMonitor.class);

	private final TerminalIndex index;

	private final BacklogAlertRules rules;

	private final List<AlertSink> sinks;

	private final Clock clock;

	private final AtomicReference<TerminalIndex.Backlog> last = new AtomicReference<>(
			new TerminalIndex.Backlog(0, java.time.Duration.ZERO));

	public BacklogMonitor(TerminalIndex index, BacklogAlertRules rules, List<AlertSink> sinks, Clock clock,
			MeterRegistry registry) {
		this.index = index;
		this.rules = rules;
		this.sinks = List.copyOf(sinks);
		this.clock = clock;
		Gauge.builder("payonce.dlt.terminal.backlog", this, m -> m.index.backlog(m.clock.instant()).open())
			.description("Open terminal records (not replayed, not resolved)")
			.register(registry);
		Gauge.builder("payonce.dlt.terminal.oldest.age", this,
				m -> m.index.backlog(m.clock.instant()).oldestAge().toMillis() / 1000.0)
			.description("Age of the oldest open terminal record")
			.baseUnit("seconds")
			.register(registry);
		Gauge.builder("payonce.dlt.alert.level", this, m -> m.rules.level().ordinal())
			.description("Backlog alert level: 0 none, 1 warning, 2 critical")
			.register(registry);
	}

	/** One evaluation; synchronized because the scheduler and a test may both call it. */
	public synchronized BacklogAlertRules.Evaluation evaluate() {
		Instant now = this.clock.instant();
		TerminalIndex.Backlog backlog = this.index.backlog(now);
		this.last.set(backlog);
		BacklogAlertRules.Evaluation evaluation = this.rules.evaluate(backlog.open(), now);
		if (evaluation.changed()) {
			Alert alert = new Alert(evaluation.level(), evaluation.previous(), backlog.open(), backlog.oldestAge(), now);
			for (AlertSink sink : this.sinks) {
				try {
					sink.send(alert);
				}
				catch (RuntimeException ex) {
					// one broken sink must not silence the others; the log sink runs first
					log.error("Alert sink {} failed for: {}", sink.getClass().getSimpleName(), alert.summary(), ex);
				}
			}
		}
		return evaluation;
	}

	public AlertLevel level() {
		return this.rules.level();
	}

}
