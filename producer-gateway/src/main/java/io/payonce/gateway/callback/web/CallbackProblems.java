package io.payonce.gateway.callback.web;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.payonce.gateway.callback.CallbackProperties;
import io.payonce.gateway.callback.domain.FieldError;
import io.payonce.gateway.callback.domain.InvalidCallbackException;
import io.payonce.gateway.callback.domain.SignatureRejectedException;
import io.payonce.gateway.callback.domain.StoreUnavailableException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every error as {@code application/problem+json} (RFC 9457). Problems carry a machine-readable
 * {@code reason}; field errors also carry {@code field} (the first) and {@code errors} (all). Spring MVC's own
 * exceptions (404 route, 405, 415 …) are answered by the inherited handlers; anything else is a 500 that is
 * logged, never swallowed. Details never contain a secret or a signature.
 */
@RestControllerAdvice
class CallbackProblems extends ResponseEntityExceptionHandler {

	private static final Logger log = LoggerFactory.getLogger(CallbackProblems.class);

	private static final String TYPE_PREFIX = "urn:payonce:problem:";

	private final CallbackMetrics metrics;

	private final long retryAfterSeconds;

	CallbackProblems(CallbackMetrics metrics, CallbackProperties properties) {
		this.metrics = metrics;
		this.retryAfterSeconds = Math.max(1, properties.retryAfter().toSeconds());
	}

	@ExceptionHandler(BodyTooLargeException.class)
	ResponseEntity<ProblemDetail> tooLarge(BodyTooLargeException ex) {
		this.metrics.rejected("body_too_large");
		return problem(HttpStatus.CONTENT_TOO_LARGE, "body_too_large", "Body too large", ex.getMessage(), Map.of());
	}

	@ExceptionHandler(SignatureRejectedException.class)
	ResponseEntity<ProblemDetail> badSignature(SignatureRejectedException ex) {
		String reason = ex.rejection().reason();
		this.metrics.rejected(reason);
		log.warn("Callback refused: {}", reason); // never the header itself: it could be replayed from logs
		return problem(HttpStatus.UNAUTHORIZED, reason, "Invalid signature", ex.getMessage(), Map.of());
	}

	@ExceptionHandler(InvalidCallbackException.class)
	ResponseEntity<ProblemDetail> invalid(InvalidCallbackException ex) {
		this.metrics.rejected(ex.reason());
		List<FieldError> errors = ex.errors();
		log.info("Callback refused: {} {}", ex.reason(), errors);
		if (errors.isEmpty()) {
			return problem(HttpStatus.BAD_REQUEST, ex.reason(), "Malformed JSON", ex.getMessage(), Map.of());
		}
		String detail = errors.get(0).field() + " " + errors.get(0).message()
				+ ((errors.size() > 1) ? " (and " + (errors.size() - 1) + " more)" : "");
		return problem(HttpStatus.BAD_REQUEST, ex.reason(), "Invalid callback", detail,
				inOrder("errors", errors, "field", errors.get(0).field()));
	}

	@ExceptionHandler(PaymentConflictException.class)
	ResponseEntity<ProblemDetail> conflict(PaymentConflictException ex) {
		return problem(HttpStatus.CONFLICT, "conflict", "Conflicting payment", ex.getMessage(),
				inOrder("conflictingFields", ex.fields(), "field",
						ex.fields().isEmpty() ? "orderNo" : ex.fields().get(0)));
	}

	@ExceptionHandler(PaymentNotFoundException.class)
	ResponseEntity<ProblemDetail> notFound(PaymentNotFoundException ex) {
		return problem(HttpStatus.NOT_FOUND, "not_found", "Payment not found", ex.getMessage(), Map.of());
	}

	@ExceptionHandler(StoreUnavailableException.class)
	ResponseEntity<ProblemDetail> unavailable(StoreUnavailableException ex) {
		this.metrics.unavailable();
		log.warn("Database unavailable, answering 503: {}", ex.getMessage());
		ResponseEntity<ProblemDetail> response = problem(HttpStatus.SERVICE_UNAVAILABLE, "store_unavailable",
				"Database unavailable", "Nothing was recorded for certain; retry later", Map.of());
		return ResponseEntity.status(response.getStatusCode())
			.headers(response.getHeaders())
			.header(HttpHeaders.RETRY_AFTER, Long.toString(this.retryAfterSeconds))
			.body(response.getBody());
	}

	@ExceptionHandler(Exception.class)
	ResponseEntity<ProblemDetail> unexpected(Exception ex) {
		log.error("Unexpected error", ex);
		return problem(HttpStatus.INTERNAL_SERVER_ERROR, "internal_error", "Internal error",
				"Unexpected error; see the gateway log", Map.of());
	}

	/**
	 * Two extra members in this order. They were a {@code Map.of}, whose iteration order is up to the JVM (a salt
	 * chosen at its start), so the order of a problem's members could differ from one gateway process to the next;
	 * this is the order the gateway answered with (callback-answers.txt).
	 */
	private static Map<String, Object> inOrder(String first, Object firstValue, String second, Object secondValue) {
		Map<String, Object> members = new LinkedHashMap<>();
		members.put(first, firstValue);
		members.put(second, secondValue);
		return members;
	}

	private static ResponseEntity<ProblemDetail> problem(HttpStatus status, String reason, String title,
			String detail, Map<String, Object> properties) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setType(URI.create(TYPE_PREFIX + reason));
		problem.setTitle(title);
		problem.setProperty("reason", reason);
		properties.forEach(problem::setProperty);
		return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

}
