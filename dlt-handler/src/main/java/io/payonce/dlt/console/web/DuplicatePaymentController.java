package io.payonce.dlt.console.web;

import java.security.Principal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.payonce.dlt.refund.DuplicatePaymentEntry;
import io.payonce.dlt.refund.DuplicatePaymentIndex;
import io.payonce.dlt.refund.RefundDecisionLog;
import io.payonce.dlt.refund.RefundService;
import io.payonce.dlt.refund.RefundState;
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
 * Duplicate payments in the console API, under the console's security: reads for VIEWER and ADMIN, the refund
 * for ADMIN only. The one write takes a JSON body with a note, as every write of the console does (a
 * cross-site form cannot send one).
 */
@RestController
@RequestMapping("/api/v1/duplicate-payments")
class DuplicatePaymentController {

	private final DuplicatePaymentIndex index;

	private final RefundService refunds;

	private final Clock clock;

	DuplicatePaymentController(DuplicatePaymentIndex index, RefundService refunds, Clock clock) {
		this.index = index;
		this.refunds = refunds;
		this.clock = clock;
	}

	/** Newest first; {@code state} OPEN or REFUNDED, {@code orderNo} byte-exact. */
	@GetMapping
	List<Entry> list(@RequestParam(required = false) RefundState state,
			@RequestParam(required = false) String orderNo) {
		Instant now = this.clock.instant();
		return this.index.list(state, (orderNo == null || orderNo.isBlank()) ? null : orderNo)
			.stream()
			.map((entry) -> Entry.of(entry, now))
			.toList();
	}

	@GetMapping("/{payNo}")
	ResponseEntity<Entry> inspect(@PathVariable String payNo) {
		return ResponseEntity.of(this.index.find(payNo).map((entry) -> Entry.of(entry, this.clock.instant())));
	}

	/**
	 * The operator refunded the payment at the platform: {@code {"note": "refund reference …"}}. 200 with the entry
	 * and {@code changed} (false when it was REFUNDED already: one change however often it is sent); 400 without a
	 * note, 404 for a payNo that is not listed, 503 when the decision could not be stored (nothing changed).
	 */
	@PostMapping(path = "/{payNo}/refunded", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<?> refunded(@PathVariable String payNo, @RequestBody Refunded body, Principal principal)
			throws RefundDecisionLog.DecisionNotRecordedException {
		if (body == null || body.note() == null || body.note().isBlank()) {
			return ResponseEntity.badRequest()
				.body(problem(HttpStatus.BAD_REQUEST, "note is required: what was refunded, where (e.g. its reference)"));
		}
		if (this.index.find(payNo).isEmpty()) {
			return ResponseEntity.status(HttpStatus.NOT_FOUND)
				.body(problem(HttpStatus.NOT_FOUND, "no duplicate payment " + payNo));
		}
		return this.refunds.markRefunded(payNo, body.note().trim(), principal.getName())
			.<ResponseEntity<?>>map((outcome) -> ResponseEntity
				.ok(new RefundOutcome(outcome.changed(), Entry.of(outcome.entry(), this.clock.instant()))))
			.orElseGet(() -> ResponseEntity.status(HttpStatus.NOT_FOUND)
				.body(problem(HttpStatus.NOT_FOUND, "no duplicate payment " + payNo)));
	}

	@ExceptionHandler(RefundDecisionLog.DecisionNotRecordedException.class)
	ResponseEntity<ProblemDetail> notRecorded(RefundDecisionLog.DecisionNotRecordedException ex) {
		return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
			.body(problem(HttpStatus.SERVICE_UNAVAILABLE, "Nothing changed, try again: " + ex.getMessage()));
	}

	private static ProblemDetail problem(HttpStatus status, String detail) {
		return ProblemDetail.forStatusAndDetail(status, detail);
	}

	record Refunded(String note) {

	}

	record RefundOutcome(boolean changed, Entry entry) {

	}

	/**
	 * @param ageSeconds since it was detected
	 */
	record Entry(String payNo, String orderNo, Long userId, String amount, String currency, Instant paidAt,
			String firstPayNo, String detectedBy, RefundState state, Instant detectedAt, long ageSeconds,
			String eventId, String problem, String note, String refundedBy, Instant refundedAt) {

		static Entry of(DuplicatePaymentEntry e, Instant now) {
			long age = e.detectedAt().isAfter(now) ? 0 : Duration.between(e.detectedAt(), now).toSeconds();
			return new Entry(e.payNo(), e.orderNo(), e.userId(), (e.amount() == null) ? null : e.amount().toPlainString(),
					e.currency(), e.paidAt(), e.firstPayNo(), e.detectedBy(), e.state(), e.detectedAt(), age,
					e.eventId(), e.problem(), e.note(), e.refundedBy(), e.refundedAt());
		}

	}

}
