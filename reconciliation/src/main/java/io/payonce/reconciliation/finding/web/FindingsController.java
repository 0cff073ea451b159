package io.payonce.reconciliation.finding.web;

import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.payonce.reconciliation.config.QueryParameters;
import io.payonce.reconciliation.continuous.FindingKind;
import io.payonce.reconciliation.finding.FindingQuery;
import io.payonce.reconciliation.finding.FindingStatus;
import io.payonce.reconciliation.finding.FindingsService;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/findings[?kind=MISSING|DUPLICATE|MISMATCH][&status=OPEN|SETTLED][&from=…][&to=…][&limit=100]}
 * (VIEWER or ADMIN): the continuous reconciliation's findings, newest first, as JSON, with how many matched.
 * {@code from}/{@code to}: dates or ISO instants ({@link QueryParameters}); default the last 7 days up to now. Each
 * refusal is a 400 naming its parameter.
 */
@RestController
class FindingsController {

	private final FindingsService findings;

	private final Clock clock;

	FindingsController(FindingsService findings, Clock clock) {
		this.findings = findings;
		this.clock = clock;
	}

	@GetMapping("/api/v1/findings")
	FindingsService.FindingPage findings(@RequestParam(required = false) String kind,
			@RequestParam(required = false) String status, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to, @RequestParam(required = false) String limit) {
		Instant end = (to == null) ? this.clock.instant().plusSeconds(1) : QueryParameters.instant("to", to, true);
		Instant start = (from == null) ? end.minus(7, ChronoUnit.DAYS) : QueryParameters.instant("from", from, false);
		QueryParameters.requireOrder(start, end);
		return this.findings.find(new FindingQuery(QueryParameters.option("kind", kind, FindingKind.class),
				QueryParameters.option("status", status, FindingStatus.class), start, end, limit(limit)));
	}

	private static int limit(String value) {
		if (value == null || value.isBlank()) {
			return 100;
		}
		try {
			int limit = Integer.parseInt(value.trim());
			if (limit >= 1 && limit <= FindingQuery.MAX_LIMIT) {
				return limit;
			}
		}
		catch (NumberFormatException ex) {
			// answered below
		}
		throw new QueryParameters.BadParameterException("limit",
				"parameter 'limit' must be 1 to " + FindingQuery.MAX_LIMIT + ", not '" + value + "'");
	}

}
