package io.payonce.reconciliation.config;

import io.payonce.reconciliation.audit.AuditService;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.MissingServletRequestParameterException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * A request the rules refuse (bad period, bad format, blank reason) is a 400 problem, not a 500. Answered here, in
 * the request itself, never through the error page's second dispatch: so a VIEWER and an ADMIN get the same 400.
 */
@RestControllerAdvice
class ApiErrors {

	/** Names the parameter to change: the end of the period, and the limit it went beyond. */
	@ExceptionHandler(AuditService.SpanTooLongException.class)
	ProblemDetail spanTooLong(AuditService.SpanTooLongException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
		problem.setTitle("Audit period too long");
		problem.setProperty("field", "to");
		problem.setProperty("maxSpan", ex.maxSpan().toString());
		return problem;
	}

	@ExceptionHandler(QueryParameters.BadParameterException.class)
	ProblemDetail badParameter(QueryParameters.BadParameterException ex) {
		return Problems.badRequest(ex.parameter(), ex.getMessage());
	}

	@ExceptionHandler(MissingServletRequestParameterException.class)
	ProblemDetail missingParameter(MissingServletRequestParameterException ex) {
		return Problems.badRequest(ex.getParameterName(),
				"parameter '" + ex.getParameterName() + "' is required (" + ex.getParameterType() + ")");
	}

	@ExceptionHandler(MethodArgumentTypeMismatchException.class)
	ProblemDetail wrongType(MethodArgumentTypeMismatchException ex) {
		return Problems.badRequest(ex.getName(), "parameter '" + ex.getName() + "' cannot be read: '" + ex.getValue()
				+ "'");
	}

	@ExceptionHandler(HttpMessageNotReadableException.class)
	ProblemDetail unreadableBody(HttpMessageNotReadableException ex) {
		return Problems.badRequest("body", "the body is not the JSON this endpoint takes: "
				+ ex.getMostSpecificCause().getMessage().lines().findFirst().orElse(""));
	}

	@ExceptionHandler(IllegalArgumentException.class)
	ProblemDetail badRequest(IllegalArgumentException ex) {
		return ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
	}

}
