package io.payonce.reconciliation.statement;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import io.payonce.platform.PaymentPlatform;
import io.payonce.platform.PlatformPayment;
import io.payonce.platform.QueryAnswer;
import io.payonce.platform.Statement;
import io.payonce.reconciliation.freeze.AutomaticFreeze;
import io.payonce.reconciliation.freeze.FreezeResult;
import io.payonce.reconciliation.platform.GatewayPayments;
import io.payonce.reconciliation.platform.RecordedPayment;
import io.payonce.reconciliation.platform.RepairAnswer;
import io.payonce.reconciliation.platform.RepairSource;
import io.payonce.reconciliation.statement.StatementFinding.Kind;
import io.payonce.reconciliation.statement.StatementImports.ImportRecord;
import io.payonce.reconciliation.statement.StatementImports.Status;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Imports a platform's statement file once: claims it by its SHA-256, matches it ({@link StatementMatcher}),
 * repairs what the platform confirms, keeps the report and raises the findings. Invariants:
 * <ul>
 * <li>A file already imported ({@code DONE}) changes nothing: no match, no repair, no alert, the earlier report.</li>
 * <li>A statement line is never trusted on its own to put money in our books: a {@code MISSING_CALLBACK} is repaired
 * only with the payment as the platform's query returns it (its authenticated API), through the gateway's intake
 * (source {@code STATEMENT}); a line the query does not confirm (a forged or altered file) is reported, not
 * repaired.</li>
 * <li>Repairs are idempotent (the intake records a payNo once), so an import that could not reach a verdict for
 * every repair (platform or gateway down) is {@code INCOMPLETE} and a re-import of the same file finishes it.</li>
 * <li>Unreadable lines are reported with their line, column and rule; the readable rows are still matched.</li>
 * <li>An {@code UNKNOWN_PAYMENT} (we recorded a payment the platform does not know) freezes its user's deductions
 * at once (the repair SOP's first step, {@link AutomaticFreeze}), audited with the statement, payNo and orderNo; the
 * finding says so and is alerted like every finding.</li>
 * </ul>
 */
public final class StatementImport {

	private static final Logger log = LoggerFactory.getLogger(StatementImport.class);

	private final StatementImports imports;

	private final GatewayPayments gateway;

	private final PaymentPlatform platform;

	private final LedgerDeductions ledger;

	private final StatementReports reports;

	private final StatementAlerts alerts;

	private final AutomaticFreeze freezes;

	private final Clock clock;

	private final Duration staleAfter;

	/** @param staleAfter an import still running after this is taken for dead, and the file may be claimed again */
	public StatementImport(StatementImports imports, GatewayPayments gateway, PaymentPlatform platform,
			LedgerDeductions ledger, StatementReports reports, StatementAlerts alerts, AutomaticFreeze freezes,
			Clock clock, Duration staleAfter) {
		this.imports = Objects.requireNonNull(imports);
		this.gateway = Objects.requireNonNull(gateway);
		this.platform = Objects.requireNonNull(platform);
		this.ledger = Objects.requireNonNull(ledger);
		this.reports = Objects.requireNonNull(reports);
		this.alerts = Objects.requireNonNull(alerts);
		this.freezes = Objects.requireNonNull(freezes);
		this.clock = Objects.requireNonNull(clock);
		this.staleAfter = Objects.requireNonNull(staleAfter);
	}

	public ImportOutcome importStatement(Statement statement, String operator, String channel) {
		Instant now = this.clock.instant();
		String key = statement.sha256();
		Optional<ImportRecord> held = this.imports.claim(key, statement.day(), operator, channel, now,
				now.minus(this.staleAfter));
		if (held.isPresent() && !held.get().day().equals(statement.day())) {
			// the same bytes were another day's statement: a day without payments is the two header lines alone, the
			// same file every such day. Its import is claimed under a key bound to its day, so each day is imported.
			key = dayBoundKey(statement);
			held = this.imports.claim(key, statement.day(), operator, channel, now, now.minus(this.staleAfter));
		}
		if (held.isPresent()) {
			ImportRecord earlier = held.get();
			log.info("Statement {} of {} was imported before ({} by {} at {}): nothing changed", statement.sha256(),
					statement.day(), earlier.status(), earlier.operator(), earlier.startedAt());
			return new ImportOutcome((earlier.status() == Status.DONE) ? ImportOutcome.Result.ALREADY_IMPORTED
					: ImportOutcome.Result.IN_PROGRESS, null, earlier, earlier.report());
		}
		try {
			List<RecordedPayment> recorded = this.gateway.paidOn(statement.day());
			Set<String> orderNos = new LinkedHashSet<>();
			statement.rows().forEach((line) -> orderNos.add(line.row().orderNo()));
			recorded.forEach((payment) -> orderNos.add(payment.orderNo()));
			StatementMatcher.Match match = StatementMatcher.match(statement, recorded, this.ledger.of(orderNos));
			Repairs repairs = new Repairs(statement.sha256());
			List<StatementFinding> findings = freezeUnknownPayers(repairs.apply(match.findings()), recorded, statement);
			StatementReport report = new StatementReport(statement.day(), statement.sha256(), operator, channel, now,
					statement.rows().size(), statement.errors(), findings, match.balances(), repairs.complete);
			String name = this.reports.keep(report);
			this.alerts.raise(report);
			this.imports.finish(key, report.complete() ? Status.DONE : Status.INCOMPLETE,
					report.rows(), report.errors().size(), findings.size(), name, this.clock.instant());
			return new ImportOutcome(report.complete() ? ImportOutcome.Result.IMPORTED : ImportOutcome.Result.INCOMPLETE,
					report, null, name);
		}
		catch (RuntimeException ex) {
			// nothing certain was done (repairs are idempotent): the file may be imported again
			this.imports.finish(key, Status.INCOMPLETE, statement.rows().size(),
					statement.errors().size(), 0, null, this.clock.instant());
			throw ex;
		}
	}

	/** SHA-256 of {@code "<day>\n<file's SHA-256>"}: the claim key of a file whose bytes another day's import holds. */
	static String dayBoundKey(Statement statement) {
		try {
			byte[] digest = MessageDigest.getInstance("SHA-256")
				.digest((statement.day() + "\n" + statement.sha256()).getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(digest);
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("every Java runtime has SHA-256", ex);
		}
	}

	/**
	 * Freezes the deductions of each UNKNOWN_PAYMENT's user and notes the answer on the finding ({@code FREEZE_FROZEN},
	 * {@code FREEZE_ALREADY_FROZEN}, {@code FREEZE_ACCOUNT_NOT_FOUND}). A failure fails the import (INCOMPLETE): the
	 * re-import freezes again.
	 */
	private List<StatementFinding> freezeUnknownPayers(List<StatementFinding> findings, List<RecordedPayment> recorded,
			Statement statement) {
		Map<String, Long> users = new HashMap<>();
		recorded.forEach((payment) -> users.put(payment.payNo(), payment.userId()));
		List<StatementFinding> result = new ArrayList<>(findings.size());
		for (StatementFinding finding : findings) {
			Long user = users.get(finding.payNo());
			if (finding.kind() != Kind.UNKNOWN_PAYMENT || user == null) {
				result.add(finding);
				continue;
			}
			String cause = "statement " + statement.day() + " " + statement.sha256().substring(0, 16) + " payNo="
					+ finding.payNo() + " orderNo=" + finding.orderNo();
			FreezeResult frozen = this.freezes.freeze(user, "UNKNOWN_PAYMENT: payment " + finding.payNo()
					+ " of order " + finding.orderNo() + " is recorded but not on the platform's statement of "
					+ statement.day(), cause);
			log.error("UNKNOWN_PAYMENT {} of order {} (user {}): deductions of the user {}", finding.payNo(),
					finding.orderNo(), user, frozen.outcome());
			result.add(finding.withRepair("FREEZE_" + frozen.outcome(),
					finding.detail() + "; deductions of user " + user + ": " + frozen.outcome()));
		}
		return result;
	}

	/** Repairs the MISSING_CALLBACKs the platform confirms, and notes on each finding what was done. */
	private final class Repairs {

		private final String reference;

		private final Map<String, QueryAnswer> answers = new HashMap<>();

		private final Map<String, RepairAnswer> byPayNo = new HashMap<>();

		private boolean complete = true;

		Repairs(String sha256) {
			this.reference = "statement-" + sha256.substring(0, 16);
		}

		List<StatementFinding> apply(List<StatementFinding> findings) {
			List<StatementFinding> repaired = new ArrayList<>();
			for (StatementFinding finding : findings) {
				repaired.add((finding.kind() == Kind.MISSING_CALLBACK) ? repair(finding) : finding);
			}
			// a second charge repaired now is on the refund list now
			List<StatementFinding> result = new ArrayList<>();
			for (StatementFinding finding : repaired) {
				RepairAnswer answer = this.byPayNo.get(finding.payNo());
				if (finding.kind() == Kind.DUPLICATE_PAYMENT && answer != null) {
					finding = finding.withRepair(finding.repair(), answer.result() == RepairAnswer.Result.DUPLICATE_PAYMENT
							? "second payment of the order: on the refund list now (recorded by this import)"
							: finding.detail() + "; its repair answered " + answer.result());
				}
				result.add(finding);
			}
			return result;
		}

		private StatementFinding repair(StatementFinding finding) {
			QueryAnswer answer = this.answers.computeIfAbsent(finding.orderNo(), StatementImport.this.platform::query);
			if (answer instanceof QueryAnswer.Unknown unknown) {
				this.complete = false;
				return finding.withRepair("NO_ANSWER",
						finding.detail() + "; the platform's query did not answer (" + unknown.reason()
								+ "): import the file again to repair");
			}
			Optional<PlatformPayment> confirmed = (answer instanceof QueryAnswer.Paid paid) ? paid.payments()
				.stream()
				.filter((p) -> p.payNo().equals(finding.payNo()))
				.findFirst() : Optional.empty();
			if (confirmed.isEmpty()) {
				log.error("Statement line {} ({} of order {}) is not confirmed by the platform's query: not repaired",
						finding.line(), finding.payNo(), finding.orderNo());
				return finding.withRepair("NOT_CONFIRMED", "the platform's query does not know payment "
						+ finding.payNo() + " of order " + finding.orderNo()
						+ ": not repaired (a forged or altered line, or another platform's)");
			}
			PlatformPayment payment = confirmed.get();
			RepairAnswer repaired = StatementImport.this.gateway.submit(payment, RepairSource.STATEMENT, this.reference);
			this.byPayNo.put(payment.payNo(), repaired);
			if (repaired.result() == RepairAnswer.Result.FAILED) {
				this.complete = false;
			}
			String note = (payment.amount().compareTo(finding.statementAmount()) != 0)
					? "; the platform's query says " + payment.amount().toPlainString() + ", recorded as such"
					: "";
			log.warn("Statement line {}: payment {} of order {} ({} {}) repaired through the intake: {} ({})",
					finding.line(), payment.payNo(), payment.orderNo(), payment.amount(), payment.currency(),
					repaired.result(), repaired.detail());
			return finding.withRepair("INTAKE_" + repaired.result(), finding.detail() + note);
		}

	}

}
