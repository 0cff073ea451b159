package io.payonce.dlt.console.web;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.payonce.dlt.config.ConsoleProperties;
import io.payonce.dlt.retry.PendingRetry;
import io.payonce.dlt.retry.PendingRetryQuery;
import io.payonce.dlt.retry.streams.PendingRetries;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/pending}: the payments waiting in the retry ladder, whichever instance runs their partition
 * (README "High availability": any instance answers any request). This instance reads its own part of the pending
 * store and asks the instances that run the rest ({@link PeerConsoles}); the answer names every instance asked and
 * every one that could not answer, so a partial view is never mistaken for the whole. Newest failure first.
 */
@RestController
@RequestMapping("/api/v1")
class PendingController {

	/** {@code scope=local}: only this instance's partitions (what the instances ask each other). */
	static final String LOCAL_SCOPE = "local";

	private final PendingRetries ladder;

	private final PeerConsoles peers;

	PendingController(PendingRetries ladder, ConsoleProperties properties) {
		this.ladder = ladder;
		this.peers = new PeerConsoles(properties.peerTimeout());
	}

	@GetMapping("/pending")
	PendingView pending(@RequestParam(required = false) String orderNo, @RequestParam(required = false) String reason,
			@RequestParam(required = false) String size, @RequestParam(required = false) String scope,
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization) {
		PendingRetryQuery query = new PendingRetryQuery(TerminalQuery.blankToNull(orderNo),
				TerminalQuery.blankToNull(reason), TerminalQuery.size(size));
		boolean localOnly = isLocalScope(scope);
		// A snapshot: a partition that moves between instances while they are asked (a rebalance, seconds) may show a
		// retry twice (the merge keeps one) or miss it in this one answer; the next answer has it.
		List<String> others = localOnly ? List.of() : this.ladder.others();
		Map<String, PeerConsoles.Answer> answers = this.peers.ask(others, query, authorization);
		List<PendingRetry> all = new ArrayList<>(this.ladder.local(query));
		List<String> instances = new ArrayList<>(List.of(this.ladder.self()));
		List<Unreachable> unreachable = new ArrayList<>();
		answers.forEach((instance, answer) -> {
			instances.add(instance);
			if (answer.problem() != null) {
				unreachable.add(new Unreachable(instance, answer.problem()));
			}
			all.addAll(answer.retries());
		});
		return new PendingView(query.answer(all), instances, unreachable);
	}

	private static boolean isLocalScope(String scope) {
		String text = TerminalQuery.blankToNull(scope);
		if (text == null) {
			return false;
		}
		if (!LOCAL_SCOPE.equals(text)) {
			throw new TerminalQuery.InvalidParameterException("scope",
					"must be '" + LOCAL_SCOPE + "' or absent (the whole ladder), was '" + text + "'");
		}
		return true;
	}

	/** The group is rebalancing (or the ladder not running): nothing to show yet, ask again. */
	@ExceptionHandler(PendingRetries.NotQueryableException.class)
	ResponseEntity<ProblemDetail> notQueryable(PendingRetries.NotQueryableException ex) {
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.header(HttpHeaders.RETRY_AFTER, "2")
			.body(ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, ex.getMessage()));
	}

	/**
	 * @param pending newest failure first, at most {@code size}
	 * @param instances every instance whose part was asked, this one first
	 * @param unreachable the instances among them that did not answer (their retries are missing from the list)
	 */
	record PendingView(List<PendingRetry> pending, List<String> instances, List<Unreachable> unreachable) {

	}

	record Unreachable(String instance, String problem) {

	}

}
