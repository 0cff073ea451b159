package io.payonce.dlt.console.web;

import java.security.Principal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.payonce.dlt.console.ReplayService;
import io.payonce.dlt.forecast.ReplayForecast;
import io.payonce.dlt.forecast.ReplayForecaster;
import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.AuditTrail;
import io.payonce.dlt.terminal.TerminalFilter;
import io.payonce.dlt.terminal.TerminalIndex;
import io.payonce.dlt.terminal.TerminalPage;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.dlt.terminal.TerminalStatus;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The console API. Reads for VIEWER and ADMIN, writes for ADMIN (the shared rules of {@code io.payonce.ops.security},
 * which also refuse any write a browser sends from another site's page, before authentication). Every write takes
 * an explicit JSON body ({@code Content-Type: application/json}, 415 otherwise, 400 when empty), and a replay is a
 * dry run unless that body says {@code "dryRun": false}: a request that says nothing replays nothing.
 */
@RestController
@RequestMapping("/api/v1")
class TerminalController {

	/** Response header: the cursor of the next page of the list. */
	static final String NEXT_PAGE = "X-Next-Page";

	private final TerminalIndex index;

	private final ReplayService replays;

	private final AuditTrail audit;

	private final ReplayForecaster forecaster;

	TerminalController(TerminalIndex index, ReplayService replays, AuditTrail audit, ReplayForecaster forecaster) {
		this.index = index;
		this.replays = replays;
		this.audit = audit;
		this.forecaster = forecaster;
	}

	/**
	 * One page of the list, newest first (by the time the record became terminal, then event id). The body stays a
	 * JSON array; {@code X-Next-Page} carries the cursor of the next page (pass it as {@code before}), absent on the
	 * last page.
	 */
	@GetMapping("/terminal")
	ResponseEntity<List<Summary>> list(@RequestParam(required = false) String reason,
			@RequestParam(required = false) String orderNo, @RequestParam(required = false) String from,
			@RequestParam(required = false) String to, @RequestParam(required = false) String status,
			@RequestParam(required = false) String size, @RequestParam(required = false) String before) {
		TerminalQuery query = TerminalQuery.parse(reason, orderNo, from, to, status, size, before);
		TerminalPage page = this.index.page(query.filter(), query.before(), query.size());
		ResponseEntity.BodyBuilder response = ResponseEntity.ok();
		page.next().ifPresent((next) -> response.header(NEXT_PAGE, next.token()));
		return response.body(page.records().stream().map(Summary::of).toList());
	}

	@GetMapping("/terminal/{eventId}")
	ResponseEntity<TerminalRecord> inspect(@PathVariable String eventId) {
		return ResponseEntity.of(this.index.find(eventId));
	}

	/**
	 * Replays one record with {@code {"dryRun": false}}; any other body ({@code {}} too) is a dry run. 409 when the
	 * record was replayed or resolved already (by this or another instance: an occurrence is replayed once).
	 */
	@PostMapping(path = "/terminal/{eventId}/replay", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<Outcome> replayOne(@PathVariable String eventId, @RequestBody ReplayOne body, Principal principal) {
		if (this.index.find(eventId).isEmpty()) {
			return ResponseEntity.notFound().build();
		}
		boolean dryRun = !Boolean.FALSE.equals(body.dryRun());
		Forecasts forecasts = new Forecasts(this.forecaster);
		ReplayService.ReplayOutcome outcome = this.replays.replay(new ReplayService.Selection(List.of(eventId), null),
				dryRun, principal.getName(), forecasts::verdict);
		if (outcome.selected().isEmpty()) {
			return ResponseEntity.status(HttpStatus.CONFLICT).body(forecasts.outcome(outcome));
		}
		return ResponseEntity.ok(forecasts.outcome(outcome));
	}

	/**
	 * Replays a selection (ids) or everything OPEN matching a filter. Dry run unless the body says
	 * {@code "dryRun": false}: look first, then replay.
	 */
	@PostMapping(path = "/terminal/replay", consumes = MediaType.APPLICATION_JSON_VALUE)
	Outcome replayMany(@RequestBody ReplayMany body, Principal principal) {
		// the same parameters and checks as the list (a bulk replay never filters on status: it takes OPEN ones)
		TerminalFilter filter = (body.filter() == null) ? null
				: TerminalQuery.parse(body.filter().reason(), body.filter().orderNo(), body.filter().from(),
						body.filter().to(), null, null, null)
					.filter();
		boolean dryRun = !Boolean.FALSE.equals(body.dryRun());
		Forecasts forecasts = new Forecasts(this.forecaster);
		return forecasts.outcome(this.replays.replay(new ReplayService.Selection(body.eventIds(), filter), dryRun,
				principal.getName(), forecasts::verdict));
	}

	/**
	 * A dry run's answer carries, per selected record, what the consumer would do with it now (issue 21): advisory,
	 * asked of the ledger at this moment; a real replay carries none (it is done, the records' fate is the consumer's).
	 * One ledger question per record and request: the verdict the timeline's REPLAY fact names is the one answered.
	 */
	private static final class Forecasts {

		private final ReplayForecaster forecaster;

		private final Map<String, ReplayForecast> asked = new ConcurrentHashMap<>();

		Forecasts(ReplayForecaster forecaster) {
			this.forecaster = forecaster;
		}

		String verdict(TerminalRecord record) {
			return forecast(record).verdict().name();
		}

		private ReplayForecast forecast(TerminalRecord record) {
			return this.asked.computeIfAbsent(record.eventId(), (id) -> this.forecaster.forecast(record));
		}

		Outcome outcome(ReplayService.ReplayOutcome outcome) {
			List<Forecast> forecasts = outcome.dryRun()
					? outcome.selected().stream().map(r -> Forecast.of(r, forecast(r))).toList() : List.of();
			return Outcome.of(outcome, forecasts);
		}

	}

	@PostMapping(path = "/terminal/{eventId}/resolve", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<TerminalRecord> resolve(@PathVariable String eventId, @RequestBody Resolve body,
			Principal principal) {
		if (body == null || body.note() == null || body.note().isBlank()) {
			return ResponseEntity.badRequest().build();
		}
		if (this.index.find(eventId).isEmpty()) {
			return ResponseEntity.notFound().build();
		}
		if (this.replays.resolve(eventId, body.note().trim(), principal.getName()).isEmpty()) {
			return ResponseEntity.status(HttpStatus.CONFLICT).build();
		}
		return ResponseEntity.of(this.index.find(eventId));
	}

	/** The trail, after checking that what is stored is still intact (500 naming the first broken entry if not). */
	@GetMapping("/audit")
	List<AuditEntry> audit() {
		this.audit.verify();
		return this.audit.entries();
	}

	@ExceptionHandler(AuditTrail.TamperedAuditTrailException.class)
	ProblemDetail tampered(AuditTrail.TamperedAuditTrailException ex) {
		return ProblemDetail.forStatusAndDetail(HttpStatus.INTERNAL_SERVER_ERROR, ex.getMessage());
	}

	@ExceptionHandler(ReplayService.RateLimitedException.class)
	ProblemDetail rateLimited(ReplayService.RateLimitedException ex) {
		return ProblemDetail.forStatusAndDetail(HttpStatus.TOO_MANY_REQUESTS, ex.getMessage());
	}

	record Summary(String eventId, String orderNo, String reason, int attempt, String errorMessage,
			Instant firstFailureAt, Instant arrivedAt, TerminalStatus status, String note) {

		static Summary of(TerminalRecord r) {
			return new Summary(r.eventId(), r.orderNo(), r.reason(), r.attempt(), r.errorMessage(), r.firstFailureAt(),
					r.arrivedAt(), r.status(), r.note());
		}

	}

	record ReplayOne(Boolean dryRun) {

	}

	/** {@code from} and {@code to} as in the list: an ISO instant or an ISO date (that day's start in UTC). */
	record FilterBody(String reason, String orderNo, String from, String to) {

	}

	record ReplayMany(List<String> eventIds, FilterBody filter, Boolean dryRun) {

	}

	record Resolve(String note) {

	}

	/**
	 * @param forecasts a dry run's forecast per selected record, in the order of {@code selected}; empty for a replay
	 */
	record Outcome(String replayId, boolean dryRun, List<Summary> selected, List<String> replayed,
			List<String> failed, List<Forecast> forecasts) {

		static Outcome of(ReplayService.ReplayOutcome o, List<Forecast> forecasts) {
			return new Outcome(o.replayId(), o.dryRun(), o.selected().stream().map(Summary::of).toList(), o.replayed(),
					o.failed(), forecasts);
		}

	}

	/** One record's forecast: {@code verdict} a {@link ReplayForecast.Verdict}, {@code text} for a person. */
	record Forecast(String eventId, String orderNo, ReplayForecast.Verdict verdict, String text) {

		static Forecast of(TerminalRecord record, ReplayForecast forecast) {
			return new Forecast(record.eventId(), record.orderNo(), forecast.verdict(), forecast.text());
		}

	}

}
