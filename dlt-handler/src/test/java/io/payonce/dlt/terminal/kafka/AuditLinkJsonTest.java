package io.payonce.dlt.terminal.kafka;

import java.time.Instant;
import java.util.List;

import io.payonce.dlt.terminal.AuditChain;
import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.StatusChange;
import io.payonce.dlt.terminal.TerminalStatus;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class AuditLinkJsonTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:00.123456789Z");

	@Test
	void aLinkReadBackGivesTheSameEntryAndTheCanonicalFormItsHashCovers() {
		// given an entry with a decision, chained onto the genesis
		AuditEntry entry = new AuditEntry("replay-1", T0, "alice", "REPLAY", "ids [evt-1]", List.of("evt-1"),
				"OK: replayed 1", List.of(new StatusChange("evt-1", "0:5", TerminalStatus.REPLAYED, null, "alice", T0)));
		String canonical = AuditLinkJson.canonical(entry);
		String hash = AuditChain.hash(AuditChain.GENESIS, canonical);

		// when it is written as a record value and read back
		AuditLinkJson.Link link = AuditLinkJson.decode(AuditLinkJson.encode(AuditChain.GENESIS, hash, canonical));

		// then every field survives, and re-encoding the entry gives what the hash was computed on
		assertThat(link.entry()).isEqualTo(entry);
		assertThat(link.previous()).isEqualTo(AuditChain.GENESIS);
		assertThat(link.hash()).isEqualTo(hash);
		assertThat(AuditChain.hash(link.previous(), link.canonical())).isEqualTo(hash);
	}

	@Test
	void aValueThatIsNotALinkIsRefused() {
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> AuditLinkJson.decode("{\"entry\":{}}".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
	}

}
