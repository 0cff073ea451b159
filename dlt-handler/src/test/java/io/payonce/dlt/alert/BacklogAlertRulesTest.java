package io.payonce.dlt.alert;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class BacklogAlertRulesTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:00Z");

	private final BacklogAlertRules rules = new BacklogAlertRules(0, Duration.ofMinutes(5), 100, Duration.ZERO);

	@Test
	void aBacklogAboveZeroWarnsOnlyAfterFiveMinutes() {
		assertThat(this.rules.evaluate(1, T0).level()).isEqualTo(AlertLevel.NONE);
		assertThat(this.rules.evaluate(3, T0.plus(Duration.ofMinutes(4).plusSeconds(59))).level())
			.isEqualTo(AlertLevel.NONE);

		BacklogAlertRules.Evaluation atFive = this.rules.evaluate(3, T0.plus(Duration.ofMinutes(5)));

		assertThat(atFive.level()).isEqualTo(AlertLevel.WARNING);
		assertThat(atFive.changed()).isTrue();
		assertThat(this.rules.evaluate(3, T0.plus(Duration.ofMinutes(6))).changed()).isFalse();
	}

	@Test
	void aBacklogThatEmptiesInBetweenStartsTheFiveMinutesOver() {
		this.rules.evaluate(1, T0);
		this.rules.evaluate(0, T0.plus(Duration.ofMinutes(3)));

		assertThat(this.rules.evaluate(1, T0.plus(Duration.ofMinutes(6))).level()).isEqualTo(AlertLevel.NONE);
		assertThat(this.rules.evaluate(1, T0.plus(Duration.ofMinutes(11))).level()).isEqualTo(AlertLevel.WARNING);
	}

	@Test
	void moreThanAHundredIsCriticalAtOnce() {
		BacklogAlertRules.Evaluation evaluation = this.rules.evaluate(101, T0);

		assertThat(evaluation.level()).isEqualTo(AlertLevel.CRITICAL);
		assertThat(evaluation.previous()).isEqualTo(AlertLevel.NONE);
		assertThat(this.rules.evaluate(100, T0.plusSeconds(10)).level()).isEqualTo(AlertLevel.NONE);
	}

	@Test
	void criticalFallsBackToWarningWhenTheBacklogShrinksButStays() {
		this.rules.evaluate(150, T0);
		this.rules.evaluate(150, T0.plus(Duration.ofMinutes(5)));

		BacklogAlertRules.Evaluation evaluation = this.rules.evaluate(20, T0.plus(Duration.ofMinutes(6)));

		assertThat(evaluation.level()).isEqualTo(AlertLevel.WARNING);
		assertThat(evaluation.previous()).isEqualTo(AlertLevel.CRITICAL);
	}

	@Test
	void anEmptyBacklogClearsTheAlert() {
		this.rules.evaluate(5, T0);
		this.rules.evaluate(5, T0.plus(Duration.ofMinutes(5)));

		BacklogAlertRules.Evaluation evaluation = this.rules.evaluate(0, T0.plus(Duration.ofMinutes(7)));

		assertThat(evaluation.level()).isEqualTo(AlertLevel.NONE);
		assertThat(evaluation.changed()).isTrue();
	}

	@Test
	void thresholdsAndDurationsAreConfigurable() {
		BacklogAlertRules custom = new BacklogAlertRules(10, Duration.ofSeconds(30), 20, Duration.ofMinutes(1));

		assertThat(custom.evaluate(10, T0).level()).isEqualTo(AlertLevel.NONE);
		assertThat(custom.evaluate(25, T0.plusSeconds(1)).level()).isEqualTo(AlertLevel.NONE);
		assertThat(custom.evaluate(25, T0.plusSeconds(31)).level()).isEqualTo(AlertLevel.WARNING);
		assertThat(custom.evaluate(25, T0.plusSeconds(61)).level()).isEqualTo(AlertLevel.CRITICAL);
	}

	@Test
	void aCriticalThresholdBelowTheWarningOneIsRejected() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> new BacklogAlertRules(10, Duration.ZERO, 5, Duration.ZERO));
	}

}
