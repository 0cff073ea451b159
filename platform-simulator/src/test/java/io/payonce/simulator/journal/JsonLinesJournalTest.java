package io.payonce.simulator.journal;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import io.payonce.simulator.callback.Attempt;
import io.payonce.simulator.journal.Journal.Attempted;
import io.payonce.simulator.journal.Journal.Charged;
import io.payonce.simulator.journal.Journal.Opened;
import io.payonce.simulator.journal.Journal.PlannedDelivery;
import io.payonce.simulator.journal.file.JsonLinesJournal;
import io.payonce.simulator.payment.Fault;
import io.payonce.simulator.payment.Payment;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class JsonLinesJournalTest {

	private static final Instant AT = Instant.parse("2026-09-28T02:00:12.345Z");

	@TempDir
	Path dir;

	@Test
	void everyEntryReadsBackAsWrittenAfterAReopen() {
		// given
		Path file = this.dir.resolve("journal.jsonl");
		List<Journal.Entry> written = List.of(new Opened("ABCDEFGH", AT), charged(),
				new Attempted("PN-ABCDEFGH-00000001#1", Attempt.answered(1, AT, Duration.ofMillis(12), 503, "{\"x\":1}")),
				new Attempted("PN-ABCDEFGH-00000001#1", Attempt.failed(2, AT.plusSeconds(1), Duration.ofSeconds(5),
						"HttpTimeoutException: request timed out")));
		try (JsonLinesJournal journal = new JsonLinesJournal(file)) {
			written.forEach(journal::append);
		}

		// when
		try (JsonLinesJournal reopened = new JsonLinesJournal(file)) {
			// then
			assertThat(reopened.entries()).isEqualTo(written);
		}
	}

	@Test
	void aLastLineCutShortByAKillIsDroppedAndTheJournalGoesOn() throws Exception {
		Path file = this.dir.resolve("journal.jsonl");
		try (JsonLinesJournal journal = new JsonLinesJournal(file)) {
			journal.append(new Opened("ABCDEFGH", AT));
			journal.append(charged());
		}
		Files.writeString(file, "{\"type\":\"attempted\",\"entry\":{\"deliv", StandardOpenOption.APPEND);

		try (JsonLinesJournal reopened = new JsonLinesJournal(file)) {
			assertThat(reopened.entries()).hasSize(2);
			reopened.append(new Opened("SECONDXX", AT));
		}
		try (JsonLinesJournal again = new JsonLinesJournal(file)) {
			assertThat(again.entries()).hasSize(3).last().isEqualTo(new Opened("SECONDXX", AT));
		}
	}

	@Test
	void anUnreadableLineInTheMiddleStopsTheStartNamingTheLine() throws Exception {
		Path file = this.dir.resolve("journal.jsonl");
		try (JsonLinesJournal journal = new JsonLinesJournal(file)) {
			journal.append(new Opened("ABCDEFGH", AT));
		}
		Files.writeString(file, "not json\n{\"type\":\"opened\",\"entry\":{\"instanceId\":\"X\",\"at\":\"" + AT + "\"}}\n",
				StandardCharsets.UTF_8, StandardOpenOption.APPEND);

		assertThatIllegalStateException().isThrownBy(() -> new JsonLinesJournal(file)).withMessageContaining("line 2");
	}

	private static Charged charged() {
		Payment payment = new Payment("PN-ABCDEFGH-00000001", "ORD-1", 10086, new BigDecimal("199.00"), "CNY", "SUCCESS",
				Instant.parse("2026-09-28T02:00:12Z"), new BigDecimal("1.19"), new BigDecimal("199.01"),
				new BigDecimal("199.00"), Set.of(Fault.MISSTATE_CALLBACK_AMOUNT, Fault.DUPLICATE_CALLBACK), null, 7);
		return new Charged(AT, "ORD-1", 7, Set.of(Fault.MISSTATE_CALLBACK_AMOUNT, Fault.DUPLICATE_CALLBACK),
				List.of(payment), List.of(new PlannedDelivery(payment.payNo(), 1, AT),
						new PlannedDelivery(payment.payNo(), 2, AT.plusSeconds(1))));
	}

}
