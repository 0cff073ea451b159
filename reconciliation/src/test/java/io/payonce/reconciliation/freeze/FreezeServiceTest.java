package io.payonce.reconciliation.freeze;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

import org.junit.jupiter.api.Test;

/** The freeze rules over an in-memory ledger with the adapter's guards. */
class FreezeServiceTest {

	private static final Instant NOW = Instant.parse("2026-12-01T01:00:00Z");

	private final InMemoryFreezeLedger ledger = new InMemoryFreezeLedger().account(10086L);

	private final FreezeService service = new FreezeService(this.ledger, Clock.fixed(NOW, ZoneOffset.UTC));

	@Test
	void aFreezeAndItsUnfreezeAreEachAuditedWithWhoWhyAndTheStatesBeforeAndAfter() {
		// when an operator freezes the account, then another unfreezes it
		FreezeResult frozen = this.service.freeze(FreezeRequest.byOperator(10086, "alice", "double deductions, INC-7"));
		FreezeResult unfrozen = this.service.unfreeze(FreezeRequest.byOperator(10086, "bob", "repaired, INC-7"));

		// then
		assertThat(frozen.outcome()).isEqualTo(FreezeOutcome.FROZEN);
		assertThat(frozen.before()).isNull();
		assertThat(frozen.after()).isEqualTo(FreezeStatus.FROZEN);
		assertThat(frozen.current().changedBy()).isEqualTo("alice");
		assertThat(unfrozen.outcome()).isEqualTo(FreezeOutcome.UNFROZEN);
		assertThat(unfrozen.before()).isEqualTo(FreezeStatus.FROZEN);
		assertThat(unfrozen.after()).isEqualTo(FreezeStatus.UNFROZEN);
		assertThat(unfrozen.current().version()).isEqualTo(2);
		assertThat(this.service.frozen()).isEmpty();
		assertThat(this.ledger.audit).extracting(FreezeAuditEntry::operator, FreezeAuditEntry::action,
				FreezeAuditEntry::reason, FreezeAuditEntry::outcome, FreezeAuditEntry::before, FreezeAuditEntry::after)
			.containsExactly(
					tuple("alice", FreezeAction.FREEZE, "double deductions, INC-7",
							FreezeOutcome.FROZEN, null, FreezeStatus.FROZEN),
					tuple("bob", FreezeAction.UNFREEZE, "repaired, INC-7",
							FreezeOutcome.UNFROZEN, FreezeStatus.FROZEN, FreezeStatus.UNFROZEN));
		assertThat(this.ledger.audit).allSatisfy(entry -> assertThat(entry.requestedAt()).isEqualTo(NOW));
	}

	@Test
	void freezingAFrozenAccountIsRefusedNamingWhoFrozeItAndChangesNothing() {
		// given
		this.service.freeze(FreezeRequest.byOperator(10086, "alice", "INC-7"));

		// when
		FreezeResult again = this.service.freeze(FreezeRequest.byOperator(10086, "bob", "INC-8"));

		// then
		assertThat(again.outcome()).isEqualTo(FreezeOutcome.ALREADY_FROZEN);
		assertThat(again.detail()).contains("alice", "INC-7");
		assertThat(again.current().reason()).isEqualTo("INC-7");
		assertThat(again.current().version()).isEqualTo(1);
		assertThat(this.ledger.audit).extracting(FreezeAuditEntry::outcome)
			.containsExactly(FreezeOutcome.FROZEN, FreezeOutcome.ALREADY_FROZEN);
	}

	@Test
	void anAccountCanBeFrozenAgainAfterItsUnfreezeAndIsListedWithItsLatestReason() {
		this.service.freeze(FreezeRequest.byOperator(10086, "alice", "INC-7"));
		this.service.unfreeze(FreezeRequest.byOperator(10086, "alice", "repaired"));

		FreezeResult refrozen = this.service.freeze(FreezeRequest.byOperator(10086, "bob", "INC-9"));

		assertThat(refrozen.outcome()).isEqualTo(FreezeOutcome.FROZEN);
		assertThat(refrozen.before()).isEqualTo(FreezeStatus.UNFROZEN);
		assertThat(this.service.frozen()).singleElement().satisfies(freeze -> {
			assertThat(freeze.reason()).isEqualTo("INC-9");
			assertThat(freeze.version()).isEqualTo(3);
		});
	}

	@Test
	void unfreezingAnAccountThatIsNotFrozenIsRefusedAndAudited() {
		FreezeResult result = this.service.unfreeze(FreezeRequest.byOperator(10086, "alice", "just in case"));

		assertThat(result.outcome()).isEqualTo(FreezeOutcome.NOT_FROZEN);
		assertThat(this.ledger.rows).isEmpty();
		assertThat(this.ledger.audit).extracting(FreezeAuditEntry::outcome).containsExactly(FreezeOutcome.NOT_FROZEN);
	}

	@Test
	void anAccountThatIsNotThereCannotBeFrozenOrUnfrozen() {
		FreezeResult freeze = this.service.freeze(FreezeRequest.byOperator(404, "alice", "INC-7"));
		FreezeResult unfreeze = this.service.unfreeze(FreezeRequest.byOperator(404, "alice", "INC-7"));

		assertThat(freeze.outcome()).isEqualTo(FreezeOutcome.ACCOUNT_NOT_FOUND);
		assertThat(unfreeze.outcome()).isEqualTo(FreezeOutcome.ACCOUNT_NOT_FOUND);
		assertThat(this.ledger.rows).isEmpty();
		assertThat(this.ledger.audit).hasSize(2);
	}

	@Test
	void twoOperatorsFreezingAtOnceFreezeOnceAndTheLoserIsToldWhoWon() {
		// given bob's freeze lands between alice's read and her write
		this.ledger.beforeNextChange = () -> this.ledger.change(java.util.Optional.empty(), FreezeStatus.FROZEN,
				FreezeRequest.byOperator(10086, "bob", "INC-8"), NOW, new FreezeAuditEntry(NOW, "bob", 10086,
						FreezeAction.FREEZE, "INC-8", null, FreezeOutcome.FROZEN, null, FreezeStatus.FROZEN));

		// when
		FreezeResult alice = this.service.freeze(FreezeRequest.byOperator(10086, "alice", "INC-7"));

		// then her guard missed, the next read saw bob's freeze
		assertThat(alice.outcome()).isEqualTo(FreezeOutcome.ALREADY_FROZEN);
		assertThat(alice.current().changedBy()).isEqualTo("bob");
		assertThat(this.ledger.audit).extracting(FreezeAuditEntry::operator, FreezeAuditEntry::outcome)
			.containsExactly(tuple("bob", FreezeOutcome.FROZEN),
					tuple("alice", FreezeOutcome.ALREADY_FROZEN));
	}

	@Test
	void aRequestWithoutAReasonIsRefusedNamingTheField() {
		assertThatThrownBy(() -> FreezeRequest.byOperator(10086, "alice", " "))
			.isInstanceOfSatisfying(FreezeRequest.InvalidFreezeException.class,
					ex -> assertThat(ex.field()).isEqualTo("reason"));
		assertThatThrownBy(() -> FreezeRequest.byOperator(0, "alice", "INC-7"))
			.isInstanceOfSatisfying(FreezeRequest.InvalidFreezeException.class,
					ex -> assertThat(ex.field()).isEqualTo("userId"));
	}

}
