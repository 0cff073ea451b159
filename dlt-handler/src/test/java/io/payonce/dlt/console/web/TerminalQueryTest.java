package io.payonce.dlt.console.web;

import java.time.Instant;

import io.payonce.dlt.terminal.PageCursor;
import io.payonce.dlt.terminal.TerminalFilter;
import io.payonce.dlt.terminal.TerminalStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The list's URL parameters: what a shared console link may say, and the 400 that names a wrong one. */
class TerminalQueryTest {

	@Test
	void aLinkWithEveryFilterOpensThatView() {
		TerminalQuery query = TerminalQuery.parse("RETRIES_EXHAUSTED", " P20261130001 ", "2026-11-30T20:00:00Z",
				"2026-11-30T21:00:00Z", "open", "20", "2026-11-30T20:30:00Z,evt-9");

		assertThat(query.filter()).isEqualTo(new TerminalFilter("RETRIES_EXHAUSTED", "P20261130001",
				Instant.parse("2026-11-30T20:00:00Z"), Instant.parse("2026-11-30T21:00:00Z"), TerminalStatus.OPEN));
		assertThat(query.size()).isEqualTo(20);
		assertThat(query.before()).contains(new PageCursor(Instant.parse("2026-11-30T20:30:00Z"), "evt-9"));
	}

	@Test
	void blankParametersMeanAnyAndTheFirstPageOfTheDefaultSize() {
		TerminalQuery query = TerminalQuery.parse("", null, " ", null, "", null, "");

		assertThat(query.filter()).isEqualTo(TerminalFilter.all());
		assertThat(query.size()).isEqualTo(TerminalQuery.DEFAULT_SIZE);
		assertThat(query.before()).isEmpty();
	}

	@Test
	void aDateAloneIsThatDayInUtc() {
		TerminalQuery query = TerminalQuery.parse(null, null, "2026-11-30", "2026-12-01", null, null, null);

		assertThat(query.filter().from()).isEqualTo(Instant.parse("2026-11-30T00:00:00Z"));
		assertThat(query.filter().to()).isEqualTo(Instant.parse("2026-12-01T00:00:00Z"));
	}

	@Test
	void eachBadParameterIsNamed() {
		assertNamed("from", () -> TerminalQuery.parse(null, null, "yesterday", null, null, null, null));
		assertNamed("to", () -> TerminalQuery.parse(null, null, null, "2026-13-01", null, null, null));
		assertNamed("to", () -> TerminalQuery.parse(null, null, "2026-11-30", "2026-11-30", null, null, null));
		assertNamed("status", () -> TerminalQuery.parse(null, null, null, null, "PENDING", null, null));
		assertNamed("size", () -> TerminalQuery.parse(null, null, null, null, null, "0", null));
		assertNamed("size", () -> TerminalQuery.parse(null, null, null, null, null, "1001", null));
		assertNamed("size", () -> TerminalQuery.parse(null, null, null, null, null, "ten", null));
		assertNamed("before", () -> TerminalQuery.parse(null, null, null, null, null, null, "evt-9"));
		assertNamed("before", () -> TerminalQuery.parse(null, null, null, null, null, null, "noon,evt-9"));
	}

	private static void assertNamed(String parameter, Runnable parse) {
		assertThatThrownBy(parse::run).isInstanceOfSatisfying(TerminalQuery.InvalidParameterException.class,
				(ex) -> {
					assertThat(ex.parameter()).isEqualTo(parameter);
					assertThat(ex.getMessage()).startsWith(parameter + ": ");
				});
	}

}
