package io.payonce.reconciliation.statement;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.payonce.platform.Statement;

/**
 * The result of one import: the file (day, hash, its rows and unreadable lines), the findings after repair, the
 * totals, and whether every repair reached a verdict.
 */
public record StatementReport(LocalDate day, String sha256, String operator, String channel, Instant importedAt,
		int rows, List<Statement.LineError> errors, List<StatementFinding> findings, List<CurrencyBalance> balances,
		boolean complete) {

	public StatementReport {
		errors = List.copyOf(errors);
		findings = List.copyOf(findings);
		balances = List.copyOf(balances);
	}

	public long count(StatementFinding.Kind kind) {
		return this.findings.stream().filter((f) -> f.kind() == kind).count();
	}

	public boolean balanced() {
		return this.balances.stream().allMatch(CurrencyBalance::balances);
	}

}
