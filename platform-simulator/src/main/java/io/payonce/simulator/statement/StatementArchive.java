package io.payonce.simulator.statement;

import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Issued statements. A statement is issued once and never changes: its day is closed to new payments from then
 * on, and every later download gets the same bytes.
 */
public interface StatementArchive {

	Optional<byte[]> find(LocalDate day);

	/** Stores the statement of a day not issued before. */
	void store(LocalDate day, byte[] content);

	boolean isIssued(LocalDate day);

	/** An archive that forgets everything on restart (tests of the rules). */
	static StatementArchive inMemory() {
		return new StatementArchive() {

			private final Map<LocalDate, byte[]> issued = new ConcurrentHashMap<>();

			@Override
			public Optional<byte[]> find(LocalDate day) {
				return Optional.ofNullable(this.issued.get(day)).map(byte[]::clone);
			}

			@Override
			public void store(LocalDate day, byte[] content) {
				if (this.issued.putIfAbsent(day, content.clone()) != null) {
					throw new IllegalStateException("the statement of " + day + " is issued already");
				}
			}

			@Override
			public boolean isIssued(LocalDate day) {
				return this.issued.containsKey(day);
			}

		};
	}

}
