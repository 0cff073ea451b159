package io.payonce.reconciliation.topup;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The top-up rules over an in-memory ledger that keeps one TOP_UP flow per reference, as uk_biz_no_type does. */
class TopUpServiceTest {

	private static final Instant NOW = Instant.parse("2026-11-30T17:00:00Z");

	private final InMemoryLedger ledger = new InMemoryLedger();

	private final TopUpService service = new TopUpService(this.ledger, Clock.fixed(NOW, ZoneOffset.UTC));

	@Test
	void aTopUpCreditsOnceUnderItsReferenceAndEveryRequestIsAudited() {
		// given an account of user 10086 in CNY with nothing on it
		this.ledger.accounts.put(10086L, new Object[] { "CNY", new BigDecimal("0.00") });

		// when the same top-up is sent twice
		TopUpResult first = this.service.topUp(request(10086, "500.00", "CNY", "TU-1"));
		TopUpResult second = this.service.topUp(request(10086, "500.00", "CNY", "TU-1"));

		// then
		assertThat(first.outcome()).isEqualTo(TopUpOutcome.TOPPED_UP);
		assertThat(first.balance()).isEqualByComparingTo("500.00");
		assertThat(second.outcome()).isEqualTo(TopUpOutcome.ALREADY_TOPPED_UP);
		assertThat(second.flowId()).isEqualTo(first.flowId());
		assertThat(this.ledger.balance(10086)).isEqualByComparingTo("500.00");
		assertThat(this.ledger.audit).extracting(TopUpAuditEntry::outcome)
			.containsExactly(TopUpOutcome.TOPPED_UP, TopUpOutcome.ALREADY_TOPPED_UP);
		assertThat(this.ledger.audit).allSatisfy(entry -> {
			assertThat(entry.operator()).isEqualTo("admin");
			assertThat(entry.requestedAt()).isEqualTo(NOW);
		});
	}

	@Test
	void aReferenceUsedForAnotherAmountIsTakenAndCreditsNothing() {
		this.ledger.accounts.put(10086L, new Object[] { "CNY", new BigDecimal("0.00") });
		this.service.topUp(request(10086, "500.00", "CNY", "TU-1"));

		TopUpResult other = this.service.topUp(request(10086, "50.00", "CNY", "TU-1"));

		assertThat(other.outcome()).isEqualTo(TopUpOutcome.REFERENCE_TAKEN);
		assertThat(other.detail()).contains("use a new reference");
		assertThat(this.ledger.balance(10086)).isEqualByComparingTo("500.00");
	}

	@Test
	void noAccountOrAnotherCurrencyIsRefusedAndAudited() {
		this.ledger.accounts.put(10086L, new Object[] { "CNY", new BigDecimal("0.00") });

		TopUpResult missing = this.service.topUp(request(42, "10.00", "CNY", "TU-2"));
		TopUpResult otherCurrency = this.service.topUp(request(10086, "10.00", "USD", "TU-3"));

		assertThat(missing.outcome()).isEqualTo(TopUpOutcome.ACCOUNT_NOT_FOUND);
		assertThat(missing.detail()).contains("./payonce account 42");
		assertThat(otherCurrency.outcome()).isEqualTo(TopUpOutcome.CURRENCY_MISMATCH);
		assertThat(this.ledger.flows).isEmpty();
		assertThat(this.ledger.audit).extracting(TopUpAuditEntry::outcome)
			.containsExactly(TopUpOutcome.ACCOUNT_NOT_FOUND, TopUpOutcome.CURRENCY_MISMATCH);
	}

	@Test
	void aBadRequestNamesItsField() {
		assertThatThrownBy(() -> request(10086, "0.00", "CNY", "TU-1")).hasMessageContaining("positive")
			.satisfies(ex -> assertThat(((TopUpRequest.InvalidTopUpException) ex).field()).isEqualTo("amount"));
		assertThatThrownBy(() -> request(10086, "1.005", "CNY", "TU-1"))
			.satisfies(ex -> assertThat(((TopUpRequest.InvalidTopUpException) ex).field()).isEqualTo("amount"));
		assertThatThrownBy(() -> request(10086, "1.00", "cny", "TU-1"))
			.satisfies(ex -> assertThat(((TopUpRequest.InvalidTopUpException) ex).field()).isEqualTo("currency"));
		assertThatThrownBy(() -> request(10086, "1.00", "CNY", "T".repeat(65)))
			.satisfies(ex -> assertThat(((TopUpRequest.InvalidTopUpException) ex).field()).isEqualTo("reference"));
		assertThatThrownBy(() -> request(0, "1.00", "CNY", "TU-1"))
			.satisfies(ex -> assertThat(((TopUpRequest.InvalidTopUpException) ex).field()).isEqualTo("userId"));
	}

	private static TopUpRequest request(long userId, String amount, String currency, String reference) {
		return new TopUpRequest(userId, new BigDecimal(amount), currency, reference, "admin", "first-hour walkthrough");
	}

	/** Accounts (currency, balance), flows by reference, audit rows. */
	private static final class InMemoryLedger implements TopUpLedger {

		final Map<Long, Object[]> accounts = new HashMap<>();

		final Map<String, BookedTopUp> flows = new HashMap<>();

		final List<TopUpAuditEntry> audit = new ArrayList<>();

		BigDecimal balance(long userId) {
			return (BigDecimal) this.accounts.get(userId)[1];
		}

		@Override
		public Optional<BookedTopUp> topUp(String reference) {
			return Optional.ofNullable(this.flows.get(reference));
		}

		@Override
		public Optional<String> accountCurrency(long userId) {
			return Optional.ofNullable(this.accounts.get(userId)).map(account -> (String) account[0]);
		}

		@Override
		public Posted post(TopUpAuditEntry entry) {
			if (this.flows.containsKey(entry.reference())) {
				throw new ReferenceTakenException(entry.reference(), null);
			}
			Object[] account = this.accounts.get(entry.userId());
			if (account == null || !account[0].equals(entry.currency())) {
				throw new AccountChangedException("no account");
			}
			long flowId = 1000 + this.flows.size();
			this.flows.put(entry.reference(), new BookedTopUp(flowId, entry.userId(), entry.amount()));
			account[1] = ((BigDecimal) account[1]).add(entry.amount());
			this.audit.add(entry);
			return new Posted(flowId, (BigDecimal) account[1], this.audit.size());
		}

		@Override
		public long audit(TopUpAuditEntry entry) {
			this.audit.add(entry);
			return this.audit.size();
		}

	}

}
