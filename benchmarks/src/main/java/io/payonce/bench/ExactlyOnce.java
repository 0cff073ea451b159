package io.payonce.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.LinkedHashMap;

/**
 * The exactly-once verdict of a run: for every set of payments the run pushed through a guarded consumer, what
 * the database holds afterwards. A failed check fails the run (exit non-zero after the report is written, FAILED in
 * the table's first line): a fast number next to a double charge or a lost payment is no result.
 * <p>
 * Exactly once means, for a set of {@code expected} payments (the gateway's payment rows with an event, or the
 * records produced), every one the load generator saw accepted among them (none answered ACCEPTED and then lost):
 * one {@code PAY_DEDUCT} flow per business number (no duplicate deduction), one business number per payment (none
 * lost, none invented), as many PAID orders, and the accounts of the set lowered by exactly one amount per payment
 * (a balance moved twice without a second flow is a double charge too).
 */
final class ExactlyOnce {

	/**
	 * What one set's rows say.
	 * @param expected payments that must be deducted: the gateway's payment rows with an event for the set (a
	 * callback whose answer the load generator missed, a timeout, is still a payment), or the records produced
	 * @param accepted payments the load generator saw answered ACCEPTED (at most {@code expected})
	 * @param flows PAY_DEDUCT flows of the set's business numbers
	 * @param distinct distinct business numbers among those flows
	 * @param paid orders of the set in status PAID
	 * @param deductedCents what the set's accounts lost in total, in cents
	 * @param amountCents the amount of each payment, in cents
	 */
	record Check(String name, long expected, long accepted, long flows, long distinct, long paid, long deductedCents,
			long amountCents) {

		List<String> failures() {
			List<String> failures = new ArrayList<>();
			if (this.accepted > this.expected) {
				failures.add(this.name + ": lost payments: " + (this.accepted - this.expected) + " answered ACCEPTED"
						+ " without a payment to deduct");
			}
			if (this.flows > this.distinct) {
				failures.add(this.name + ": duplicate deduction: " + this.flows + " flows for " + this.distinct
						+ " business numbers");
			}
			if (this.distinct < this.expected) {
				failures.add(this.name + ": lost payments: " + (this.expected - this.distinct) + " of " + this.expected
						+ " have no deduction");
			}
			if (this.distinct > this.expected) {
				failures.add(this.name + ": " + (this.distinct - this.expected) + " deductions more than the "
						+ this.expected + " payments");
			}
			if (this.paid != this.distinct) {
				failures.add(this.name + ": " + this.paid + " PAID orders for " + this.distinct + " deducted ones");
			}
			long expectedCents = this.expected * this.amountCents;
			if (this.deductedCents != expectedCents) {
				failures.add(this.name + ": balances lowered by " + cents(this.deductedCents) + " instead of "
						+ cents(expectedCents));
			}
			return failures;
		}

		boolean passed() {
			return failures().isEmpty();
		}

		Map<String, Object> toMap() {
			Map<String, Object> map = new LinkedHashMap<>();
			map.put("expected", this.expected);
			map.put("accepted", this.accepted);
			map.put("flows", this.flows);
			map.put("distinctBizNo", this.distinct);
			map.put("paid", this.paid);
			map.put("deducted", cents(this.deductedCents));
			map.put("passed", passed());
			return map;
		}

		private static String cents(long cents) {
			return String.format(java.util.Locale.ROOT, "%d.%02d", cents / 100, Math.abs(cents % 100));
		}

	}

	/** Every check of one run. */
	record Verdict(List<Check> checks) {

		Verdict {
			checks = List.copyOf(checks);
		}

		boolean passed() {
			return !this.checks.isEmpty() && failures().isEmpty();
		}

		List<String> failures() {
			List<String> failures = new ArrayList<>();
			if (this.checks.isEmpty()) {
				failures.add("no exactly-once check ran");
			}
			this.checks.forEach((check) -> failures.addAll(check.failures()));
			return failures;
		}

		/** The table's first line when a check failed, "" when all passed. */
		String headline() {
			if (passed()) {
				return "";
			}
			List<String> failures = failures();
			return "FAILED: exactly-once checks failed (" + failures.size() + "): " + String.join("; ", failures);
		}

	}

	private ExactlyOnce() {
	}

}
