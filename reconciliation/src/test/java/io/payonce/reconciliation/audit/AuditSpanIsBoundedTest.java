package io.payonce.reconciliation.audit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** A period beyond the configured maximum is refused before anything is read or written. */
class AuditSpanIsBoundedTest {

	private static final Instant FROM = Instant.parse("2026-01-01T00:00:00Z");

	private final AtomicInteger reads = new AtomicInteger();

	private final AtomicInteger reports = new AtomicInteger();

	private final AuditService service = new AuditService((period, visitor) -> this.reads.incrementAndGet(),
			(period, generatedAt) -> {
				this.reports.incrementAndGet();
				throw new AssertionError("no report for a refused period");
			}, Clock.fixed(FROM, ZoneOffset.UTC), Duration.ofDays(31));

	@Test
	void aPeriodLongerThanTheMaximumIsRefusedNamingTheSetting() {
		AuditPeriod tooLong = new AuditPeriod(FROM, FROM.plus(Duration.ofDays(32)));

		assertThatExceptionOfType(AuditService.SpanTooLongException.class).isThrownBy(() -> this.service.run(tooLong))
			.withMessage("The period from 2026-01-01T00:00:00Z to 2026-02-02T00:00:00Z spans 32 days, more than the 31 days"
					+ " of payonce.reconciliation.audit.max-span: ask for an earlier 'to', or audit the span in parts")
			.satisfies(refused -> assertThat(refused.maxSpan()).isEqualTo(Duration.ofDays(31)));
		assertThat(this.reads).hasValue(0);
		assertThat(this.reports).hasValue(0);
	}

	@Test
	void thePeriodOfTheMaximumItselfIsAudited() {
		AuditPeriod exactly = new AuditPeriod(FROM, FROM.plus(Duration.ofDays(31)));

		assertThatExceptionOfType(AssertionError.class).isThrownBy(() -> this.service.run(exactly))
			.withMessage("no report for a refused period");
		assertThat(this.reports).hasValue(1);
	}

}
