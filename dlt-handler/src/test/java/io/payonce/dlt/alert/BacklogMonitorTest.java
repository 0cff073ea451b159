package io.payonce.dlt.alert;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.payonce.dlt.MutableClock;
import io.payonce.dlt.alert.infra.BacklogMonitor;
import io.payonce.dlt.terminal.StatusChange;
import io.payonce.dlt.terminal.TerminalIndex;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.dlt.terminal.TerminalStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BacklogMonitorTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:00Z");

	private final MutableClock clock = new MutableClock(T0);

	private final TerminalIndex index = new TerminalIndex();

	private final List<Alert> sent = new ArrayList<>();

	private final SimpleMeterRegistry registry = new SimpleMeterRegistry();

	private final BacklogMonitor monitor = new BacklogMonitor(this.index,
			new BacklogAlertRules(0, Duration.ofMinutes(5), 100, Duration.ZERO), List.of(this.sent::add), this.clock,
			this.registry);

	@Test
	void anOpenTerminalRecordRaisesAWarningAfterFiveMinutesAndTheGaugesShowIt() {
		// given one terminal record arrived at T0
		this.index.arrived(terminal("evt-1", T0));

		// when the monitor runs at T0 and five minutes later
		this.monitor.evaluate();
		this.clock.set(T0.plus(Duration.ofMinutes(5)));
		this.monitor.evaluate();

		// then exactly one alert was sent, a warning about one record, five minutes old
		assertThat(this.sent).singleElement().satisfies(alert -> {
			assertThat(alert.level()).isEqualTo(AlertLevel.WARNING);
			assertThat(alert.backlog()).isEqualTo(1);
			assertThat(alert.oldestAge()).isEqualTo(Duration.ofMinutes(5));
		});
		assertThat(this.registry.get("payonce.dlt.terminal.backlog").gauge().value()).isEqualTo(1.0);
		assertThat(this.registry.get("payonce.dlt.terminal.oldest.age").gauge().value()).isEqualTo(300.0);
		assertThat(this.registry.get("payonce.dlt.alert.level").gauge().value()).isEqualTo(1.0);
	}

	@Test
	void resolvingTheLastRecordClearsTheAlert() {
		this.index.arrived(terminal("evt-1", T0));
		this.monitor.evaluate();
		this.clock.set(T0.plus(Duration.ofMinutes(5)));
		this.monitor.evaluate();

		this.index.recorded(new StatusChange("evt-1", "0:" + "evt-1".hashCode(), TerminalStatus.RESOLVED,
				"refunded by hand", "admin", this.clock.instant()));
		this.monitor.evaluate();

		assertThat(this.sent).extracting(Alert::level).containsExactly(AlertLevel.WARNING, AlertLevel.NONE);
		assertThat(this.registry.get("payonce.dlt.terminal.backlog").gauge().value()).isZero();
	}

	@Test
	void aFailingSinkDoesNotSilenceTheOthers() {
		List<Alert> second = new ArrayList<>();
		BacklogMonitor withBrokenSink = new BacklogMonitor(this.index,
				new BacklogAlertRules(0, Duration.ZERO, 100, Duration.ZERO), List.of(alert -> {
					throw new IllegalStateException("webhook down");
				}, second::add), this.clock, new SimpleMeterRegistry());
		this.index.arrived(terminal("evt-1", T0));

		withBrokenSink.evaluate();

		assertThat(second).extracting(Alert::level).containsExactly(AlertLevel.WARNING);
	}

	static TerminalRecord terminal(String eventId, Instant arrivedAt) {
		return new TerminalRecord(eventId, "P-" + eventId, "PaySuccess", "RETRIES_EXHAUSTED", null, "balance too low",
				6, arrivedAt.minusSeconds(600), arrivedAt, "{}", Map.of(), List.of(), "0:" + eventId.hashCode(),
				TerminalStatus.OPEN, null, null, null);
	}

}
