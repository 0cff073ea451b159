package io.payonce.dlt.timeline.web;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;

import io.payonce.dlt.config.ConsoleProperties;
import io.payonce.dlt.console.web.PeerConsoles;
import io.payonce.dlt.timeline.OrderTimelines;
import io.payonce.dlt.timeline.PaymentNow;
import io.payonce.dlt.timeline.Timeline;
import io.payonce.dlt.timeline.TimelineEntry;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/v1/timeline/{orderNo}}: everything the pipeline did about one order, in order, and where the
 * payment is now (any ops role). Any instance answers: the timeline lives on the instance that runs the order's
 * partition ({@link OrderTimelines#hostOf}); this one reads its own store or asks that instance, with the operator's
 * own credentials ({@link PeerConsoles}), and passes its answer on as it is. {@code GET /api/v1/timeline?orderNo=}
 * is the same for an orderNo a path cannot carry byte for byte (Spring Security's firewall refuses an encoded
 * {@code %}, {@code /}, {@code ;} or backslash in a path); the instances ask each
 * other in that form, with {@code scope=local} (answer from your own store, never ask further: no loops).
 * <p>
 * Answers: 200 the timeline; 404 problem, no fact about the order (yet); 503 problem with {@code Retry-After}, the
 * materialiser is rebuilding or moving the store (a restart, a rebalance) or the instance that holds the order did
 * not answer (named in {@code instance}).
 */
@RestController
@RequestMapping("/api/v1")
class TimelineController {

	static final String LOCAL_SCOPE = "local";

	private final OrderTimelines timelines;

	private final PeerConsoles peers;

	private final Clock clock;

	TimelineController(OrderTimelines timelines, ConsoleProperties properties, Clock clock) {
		this.timelines = timelines;
		this.peers = new PeerConsoles(properties.peerTimeout());
		this.clock = clock;
	}

	@GetMapping("/timeline/{orderNo}")
	ResponseEntity<?> byPath(@PathVariable String orderNo, @RequestParam(required = false) String scope,
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization) {
		return timeline(orderNo, scope, authorization);
	}

	@GetMapping("/timeline")
	ResponseEntity<?> byParameter(@RequestParam(required = false) String orderNo,
			@RequestParam(required = false) String scope,
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization) {
		if (orderNo == null || orderNo.isEmpty()) {
			ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, "orderNo is required");
			problem.setProperty("parameter", "orderNo");
			return ResponseEntity.badRequest().body(problem);
		}
		return timeline(orderNo, scope, authorization);
	}

	private ResponseEntity<?> timeline(String orderNo, String scope, String authorization) {
		boolean localOnly = isLocalScope(scope);
		OrderTimelines.Host host = this.timelines.hostOf(orderNo);
		if (host.self()) {
			return this.timelines.local(orderNo, host.partition())
				.<ResponseEntity<?>>map((timeline) -> ResponseEntity.ok(TimelineView.of(orderNo, timeline,
						this.clock.instant(), this.timelines.self())))
				.orElseGet(() -> notFound(orderNo));
		}
		if (localOnly) {
			// the partition moved between the two instances' looks (a rebalance): the asking one will retry
			throw new OrderTimelines.NotQueryableException(
					"the timeline of this order is now kept by " + host.instance() + ", not by " + this.timelines.self(),
					null);
		}
		return fromPeer(host.instance(), orderNo, authorization);
	}

	private ResponseEntity<?> fromPeer(String instance, String orderNo, String authorization) {
		String path = "/api/v1/timeline?scope=" + LOCAL_SCOPE + "&orderNo="
				+ URLEncoder.encode(orderNo, StandardCharsets.UTF_8);
		HttpResponse<byte[]> answer;
		try {
			answer = this.peers.get(instance, path, authorization).join();
		}
		catch (CompletionException ex) {
			ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE,
					"the instance that keeps the timeline of this order, " + instance + ", did not answer: "
							+ PeerConsoles.describe(ex));
			problem.setTitle("Timeline host unreachable");
			problem.setProperty("instance", instance);
			return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header(HttpHeaders.RETRY_AFTER, "2").body(problem);
		}
		// the peer's answer as it is: its 200, 404 or 503 means the same here
		ResponseEntity.BodyBuilder passed = ResponseEntity.status(answer.statusCode());
		answer.headers().firstValue(HttpHeaders.CONTENT_TYPE).ifPresent((type) -> passed.header(HttpHeaders.CONTENT_TYPE, type));
		answer.headers().firstValue(HttpHeaders.RETRY_AFTER).ifPresent((after) -> passed.header(HttpHeaders.RETRY_AFTER, after));
		return passed.body(answer.body());
	}

	private static ResponseEntity<?> notFound(String orderNo) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.NOT_FOUND,
				"no fact about order '" + orderNo + "' (yet): no service has reported anything about it");
		problem.setTitle("No timeline");
		problem.setProperty("orderNo", orderNo);
		return ResponseEntity.status(HttpStatus.NOT_FOUND).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

	private static boolean isLocalScope(String scope) {
		if (scope == null || scope.isBlank()) {
			return false;
		}
		if (!LOCAL_SCOPE.equals(scope.trim())) {
			throw new InvalidScopeException(scope);
		}
		return true;
	}

	@ExceptionHandler(OrderTimelines.NotQueryableException.class)
	ResponseEntity<ProblemDetail> notQueryable(OrderTimelines.NotQueryableException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.SERVICE_UNAVAILABLE, ex.getMessage());
		problem.setTitle("Timeline not queryable now");
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE).header(HttpHeaders.RETRY_AFTER, "2").body(problem);
	}

	@ExceptionHandler(InvalidScopeException.class)
	ResponseEntity<ProblemDetail> invalidScope(InvalidScopeException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
		problem.setProperty("parameter", "scope");
		return ResponseEntity.badRequest().body(problem);
	}

	/**
	 * @param orderNo the order, byte for byte as asked
	 * @param steps every kept fact, in order
	 * @param traceIds the trace ids the steps were acted in, first seen first
	 * @param omitted how many facts were dropped from the middle of a very long timeline
	 * @param now where the payment is and for how long, at this instance's clock
	 * @param servedBy the instance whose store answered
	 */
	record TimelineView(String orderNo, List<Step> steps, List<String> traceIds, long omitted, PaymentNow now,
			String servedBy) {

		static TimelineView of(String orderNo, Timeline timeline, Instant now, String servedBy) {
			return new TimelineView(orderNo, timeline.entries().stream().map(Step::of).toList(), timeline.traceIds(),
					timeline.omitted(), PaymentNow.of(timeline, now), servedBy);
		}

	}

	record Step(Instant at, String service, String instance, String step, String decision, String traceId,
			Map<String, String> detail) {

		static Step of(TimelineEntry entry) {
			return new Step(entry.fact().at(), entry.fact().service(), entry.fact().instance(),
					entry.fact().step().name(), entry.fact().decision(), entry.fact().traceId(), entry.fact().detail());
		}

	}

	static final class InvalidScopeException extends RuntimeException {

		InvalidScopeException(String scope) {
			super("scope must be '" + LOCAL_SCOPE + "' or absent, was '" + scope + "'");
		}

	}

}
