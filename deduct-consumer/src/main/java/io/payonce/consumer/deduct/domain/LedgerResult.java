package io.payonce.consumer.deduct.domain;

import java.util.Objects;
import java.util.Optional;

/**
 * What the ledger concluded for one payment. Only {@link Kind#DEDUCTED} moved money.
 *
 * @param kind the conclusion
 * @param paidBy for {@link Kind#PAID_BY_OTHER_PAYMENT} and only for it: the payNo that paid the order
 * @param deduction for {@link Kind#DEDUCTED} only: its flow and the balance after it, when the ledger tells
 * ({@link #DEDUCTED} is the answer of a ledger that does not)
 */
public record LedgerResult(Kind kind, Optional<String> paidBy, Optional<Deduction> deduction) {

	public static final LedgerResult DEDUCTED = of(Kind.DEDUCTED);

	public static final LedgerResult ALREADY_PAID = of(Kind.ALREADY_PAID);

	public static final LedgerResult ALREADY_PAID_UNATTRIBUTED = of(Kind.ALREADY_PAID_UNATTRIBUTED);

	public static final LedgerResult ALREADY_FLOWED = of(Kind.ALREADY_FLOWED);

	public static final LedgerResult CONFLICT = of(Kind.CONFLICT);

	public static final LedgerResult ILLEGAL_STATE = of(Kind.ILLEGAL_STATE);

	public static final LedgerResult ORDER_NOT_FOUND = of(Kind.ORDER_NOT_FOUND);

	public static final LedgerResult ACCOUNT_NOT_FOUND = of(Kind.ACCOUNT_NOT_FOUND);

	public static final LedgerResult ACCOUNT_FROZEN = of(Kind.ACCOUNT_FROZEN);

	public static final LedgerResult CURRENCY_MISMATCH = of(Kind.CURRENCY_MISMATCH);

	public static final LedgerResult INSUFFICIENT_BALANCE = of(Kind.INSUFFICIENT_BALANCE);

	public LedgerResult {
		Objects.requireNonNull(kind, "kind");
		Objects.requireNonNull(paidBy, "paidBy");
		Objects.requireNonNull(deduction, "deduction");
		if ((kind == Kind.PAID_BY_OTHER_PAYMENT) != paidBy.isPresent()) {
			throw new IllegalArgumentException("The paying payNo belongs to PAID_BY_OTHER_PAYMENT and only to it");
		}
		if (deduction.isPresent() && kind != Kind.DEDUCTED) {
			throw new IllegalArgumentException("A deduction's receipt belongs to DEDUCTED and only to it");
		}
	}

	public LedgerResult(Kind kind, Optional<String> paidBy) {
		this(kind, paidBy, Optional.empty());
	}

	private static LedgerResult of(Kind kind) {
		return new LedgerResult(kind, Optional.empty());
	}

	/** Deducted now, into flow row {@code deduction.flowId()}. */
	public static LedgerResult deducted(Deduction deduction) {
		return new LedgerResult(Kind.DEDUCTED, Optional.empty(), Optional.of(deduction));
	}

	/** The order is PAID (or SETTLED) by {@code firstPayNo}, not by this payment. */
	public static LedgerResult paidByOtherPayment(String firstPayNo) {
		return new LedgerResult(Kind.PAID_BY_OTHER_PAYMENT, Optional.of(firstPayNo));
	}

	/** Whether the payment is settled in the database (deducted now or before): the guard may say DONE. */
	public boolean settled() {
		return this.kind == Kind.DEDUCTED || this.kind == Kind.ALREADY_PAID
				|| this.kind == Kind.ALREADY_PAID_UNATTRIBUTED || this.kind == Kind.ALREADY_FLOWED;
	}

	/**
	 * Whether the debit was refused after the order CAS and the flow insert: those writes of the payment must be
	 * rolled back, so that neither the order nor the ledger says "paid" without the money.
	 */
	public boolean debitRefused() {
		return this.kind == Kind.INSUFFICIENT_BALANCE || this.kind == Kind.ACCOUNT_NOT_FOUND
				|| this.kind == Kind.ACCOUNT_FROZEN || this.kind == Kind.CURRENCY_MISMATCH;
	}

	public enum Kind {

		/** CAS INIT→PAID won, the flow row was inserted, the balance was debited, the outbox row written. */
		DEDUCTED,

		/** The order is already PAID by this very payNo: the state machine recognised the duplicate. */
		ALREADY_PAID,

		/**
		 * The order was PAID before the ledger recorded payNos (migration V2): the ledger cannot tell this
		 * payment from another one and takes it for the same, as it always did. Nothing written.
		 */
		ALREADY_PAID_UNATTRIBUTED,

		/** The flow row of this payment exists already: the unique index {@code uk_biz_no_type} recognised it. */
		ALREADY_FLOWED,

		/**
		 * The order is PAID or SETTLED by another payNo: a second platform payment, money owed back. Never a
		 * deduction, never a silent skip. Nothing written.
		 */
		PAID_BY_OTHER_PAYMENT,

		/** The order exists but user, amount or currency differ from the payment. Nothing written. */
		CONFLICT,

		/** The order is REFUNDED, CLOSED or in another state PAID cannot follow. Nothing written. */
		ILLEGAL_STATE,

		/** No such order (yet). Nothing written. */
		ORDER_NOT_FOUND,

		/** The user has no account (yet). The payment's writes were rolled back. */
		ACCOUNT_NOT_FOUND,

		/** The account's deductions are frozen (repair SOP, step one). The payment's writes were rolled back. */
		ACCOUNT_FROZEN,

		/** The account is in another currency than the payment. The payment's writes were rolled back. */
		CURRENCY_MISMATCH,

		/** The balance does not cover the amount. The payment's writes were rolled back. */
		INSUFFICIENT_BALANCE

	}

}
