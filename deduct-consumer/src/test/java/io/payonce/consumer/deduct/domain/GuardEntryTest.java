package io.payonce.consumer.deduct.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Optional;

import org.junit.jupiter.api.Test;

class GuardEntryTest {

	@Test
	void anEntryRoundTripsThroughItsEncoding() {
		GuardEntry entry = GuardEntry.processing("fp1", "owner-1");
		assertThat(entry.encode()).isEqualTo("PROCESSING|fp1|owner-1");
		assertThat(GuardEntry.parse(entry.encode())).contains(entry);
		assertThat(GuardEntry.parse(entry.done().encode())).contains(new GuardEntry(GuardState.DONE, "fp1", "owner-1"));
	}

	@Test
	void foreignValuesAreNotEntries() {
		assertThat(GuardEntry.parse(null)).isEmpty();
		assertThat(GuardEntry.parse("1")).isEmpty();
		assertThat(GuardEntry.parse("DONE|fp1")).isEmpty();
		assertThat(GuardEntry.parse("LOCKED|fp1|o")).isEmpty();
		assertThat(GuardEntry.parse("DONE||o")).isEmpty();
	}

	@Test
	void theSeparatorCannotBeSmuggledIn() {
		assertThatIllegalArgumentException().isThrownBy(() -> GuardEntry.processing("a|b", "o"));
	}

	@Test
	void doneWithTheSameFingerprintIsADuplicate() {
		assertThat(GuardEntry.judge(Optional.of(GuardEntry.processing("fp1", "o").done()), "fp1"))
			.isEqualTo(ClaimOutcome.DONE_SAME_PAYMENT);
	}

	@Test
	void doneWithAnotherFingerprintIsLeftToTheDatabase() {
		// another payNo (money owed back) or the same payNo with other content (a conflict): Redis cannot tell
		assertThat(GuardEntry.judge(Optional.of(GuardEntry.processing("fp1", "o").done()), "fp2"))
			.isEqualTo(ClaimOutcome.DONE_OTHER_FINGERPRINT);
		assertThat(Claim.found("o", ClaimOutcome.DONE_OTHER_FINGERPRINT, "DONE|fp1|o").needsDatabase()).isTrue();
	}

	@Test
	void processingByAnotherOwnerNeverDecidesAlone() {
		// The incident's lost payment: the first consumer may have died between claim and commit.
		assertThat(GuardEntry.judge(Optional.of(GuardEntry.processing("fp1", "o")), "fp1"))
			.isEqualTo(ClaimOutcome.HELD_BY_OTHER);
		assertThat(GuardEntry.judge(Optional.of(GuardEntry.processing("fp1", "o")), "fp2"))
			.isEqualTo(ClaimOutcome.HELD_BY_OTHER);
	}

	@Test
	void anUnreadableEntryLeavesTheDecisionToTheDatabase() {
		assertThat(GuardEntry.judge(Optional.empty(), "fp1")).isEqualTo(ClaimOutcome.HELD_BY_OTHER);
	}

	@Test
	void onlyAnAcquiredClaimOwnsAnEntry() {
		assertThatIllegalArgumentException().isThrownBy(() -> new Claim("o", ClaimOutcome.HELD_BY_OTHER,
				Optional.of(GuardEntry.processing("fp", "me")), Optional.empty()));
		assertThat(Claim.skipped("o").needsDatabase()).isTrue();
		assertThat(Claim.found("o", ClaimOutcome.DONE_SAME_PAYMENT, "x").needsDatabase()).isFalse();
	}

}
