package io.payonce.bench;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LoadGateTest {

	/** A machine whose load is read from a script, on a clock that only the gate's waits move. */
	static final class FakeMachine {

		final Deque<Double> loads;

		long nanos;

		int sleeps;

		FakeMachine(Double... loads) {
			this.loads = new ArrayDeque<>(List.of(loads));
		}

		double load() {
			// the last reading stays once the script is used up
			return (this.loads.size() > 1) ? this.loads.poll() : this.loads.peek();
		}

		void sleep(Duration d) {
			this.nanos += d.toNanos();
			this.sleeps++;
		}

		LoadGate.Verdict gate(LoadGate.Settings settings) throws InterruptedException {
			return LoadGate.await(settings, this::load, () -> this.nanos, this::sleep);
		}

	}

	private static LoadGate.Settings twoCores() {
		return LoadGate.Settings.of(null, null, 2);
	}

	@Test
	void defaultThresholdIsOnePointFiveOnTwoCoresWithAWaitOfThreeMinutes() {
		LoadGate.Settings settings = twoCores();

		assertThat(settings.maxLoad()).isEqualTo(1.5);
		assertThat(settings.maxWait()).isEqualTo(Duration.ofSeconds(180));
	}

	@Test
	void quietMachineIsAdmittedAtOnce() throws InterruptedException {
		FakeMachine machine = new FakeMachine(0.4);

		LoadGate.Verdict verdict = machine.gate(twoCores());

		assertThat(verdict.admitted()).isTrue();
		assertThat(verdict.waited()).isZero();
		assertThat(machine.sleeps).isZero();
		assertThat(verdict.message()).startsWith("load check passed: 1-min load 0.40 <= 1.50");
	}

	@Test
	void loadExactlyAtTheThresholdIsAdmitted() {
		assertThat(LoadGate.admits(1.5, 1.5)).isTrue();
		assertThat(LoadGate.admits(1.51, 1.5)).isFalse();
	}

	@Test
	void busyMachineThatCalmsDownWithinTheWaitIsAdmittedAfterWaiting() throws InterruptedException {
		FakeMachine machine = new FakeMachine(3.2, 2.4, 1.7, 1.2);

		LoadGate.Verdict verdict = machine.gate(twoCores());

		assertThat(verdict.admitted()).isTrue();
		assertThat(verdict.samples()).containsExactly(3.2, 2.4, 1.7, 1.2);
		assertThat(verdict.waited()).isEqualTo(Duration.ofSeconds(15));
	}

	@Test
	void busyMachineIsRefusedAfterTheWholeWaitWithItsReadings() throws InterruptedException {
		FakeMachine machine = new FakeMachine(3.0);

		LoadGate.Verdict verdict = machine.gate(LoadGate.Settings.of("1.5", "20", 2));

		assertThat(verdict.admitted()).isFalse();
		assertThat(verdict.waited()).isEqualTo(Duration.ofSeconds(20));
		assertThat(verdict.samples()).hasSize(5); // at 0, 5, 10, 15 and 20 s
		assertThat(verdict.message()).startsWith("RUN REFUSED: 1-min load average 3.00 > 1.50 (-Dbench.maxLoad)")
			.contains("after waiting 20 s");
	}

	@Test
	void unknownLoadIsRefusedWithoutWaiting() throws InterruptedException {
		FakeMachine machine = new FakeMachine(Double.NaN);

		LoadGate.Verdict verdict = machine.gate(twoCores());

		assertThat(verdict.admitted()).isFalse();
		assertThat(machine.sleeps).isZero();
		assertThat(verdict.message()).contains("load average is unknown");
	}

	@Test
	void infiniteMaxLoadSwitchesTheRuleOffAndSaysSo() throws InterruptedException {
		FakeMachine machine = new FakeMachine(7.5);

		LoadGate.Verdict verdict = machine.gate(LoadGate.Settings.of("Infinity", null, 2));

		assertThat(verdict.admitted()).isTrue();
		assertThat(verdict.message()).startsWith("load check OFF").contains("7.50");
	}

	@Test
	void aNegativeOrNonNumericThresholdIsRejected() {
		assertThatThrownBy(() -> LoadGate.Settings.of("-1", null, 2)).isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> LoadGate.Settings.of("NaN", null, 2)).isInstanceOf(IllegalArgumentException.class);
		assertThatThrownBy(() -> LoadGate.Settings.of("high", null, 2)).isInstanceOf(NumberFormatException.class);
	}

}
