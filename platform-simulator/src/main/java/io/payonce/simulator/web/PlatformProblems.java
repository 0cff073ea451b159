package io.payonce.simulator.web;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.payonce.simulator.payment.ChargeRefusedException;
import io.payonce.simulator.payment.InvalidChargeException;
import io.payonce.simulator.statement.StatementNotReadyException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import tools.jackson.core.JacksonException;

/** Every refusal as {@code application/problem+json} with a {@code reason}, and the field where there is one. */
@RestControllerAdvice
class PlatformProblems {

	@ExceptionHandler
	ProblemDetail invalid(InvalidChargeException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
		problem.setProperty("reason", "invalid_field");
		problem.setProperty("field", ex.errors().get(0).field());
		problem.setProperty("errors",
				ex.errors().stream().map(error -> Map.of("field", error.field(), "message", error.message())).toList());
		return problem;
	}

	@ExceptionHandler
	ProblemDetail unreadable(HttpMessageNotReadableException ex) {
		Throwable cause = ex.getMostSpecificCause();
		String field = null;
		if (cause instanceof JacksonException jackson) {
			// the JSON path of the value that did not fit, e.g. "faults" for an unknown fault name
			field = jackson.getPath()
				.stream()
				.map(JacksonException.Reference::getPropertyName)
				.filter(Objects::nonNull)
				.findFirst()
				.orElse(null);
		}
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
				field == null ? "the body is not a readable charge (JSON object expected)"
						: "field " + field + " has a value of the wrong kind: " + firstLine(cause.getMessage()));
		problem.setProperty("reason", field == null ? "malformed_json" : "invalid_field");
		if (field != null) {
			problem.setProperty("field", field);
			problem.setProperty("errors", List.of(Map.of("field", field, "message", firstLine(cause.getMessage()))));
		}
		return problem;
	}

	@ExceptionHandler
	ProblemDetail badPathValue(MethodArgumentTypeMismatchException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST,
				ex.getName() + " '" + ex.getValue() + "' is not valid (a day is yyyy-MM-dd)");
		problem.setProperty("reason", "invalid_field");
		problem.setProperty("field", ex.getName());
		problem.setProperty("errors", List.of(Map.of("field", ex.getName(), "message", "invalid value")));
		return problem;
	}

	@ExceptionHandler
	ProblemDetail refused(ChargeRefusedException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, ex.getMessage());
		problem.setProperty("reason", ex.reason().name());
		return problem;
	}

	@ExceptionHandler
	ProblemDetail notReady(StatementNotReadyException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.CONFLICT, ex.getMessage());
		problem.setProperty("reason", "STATEMENT_NOT_READY");
		problem.setProperty("readyAt", ex.readyAt().toString());
		return problem;
	}

	private static String firstLine(String message) {
		if (message == null) {
			return "";
		}
		int end = message.indexOf('\n');
		return end < 0 ? message : message.substring(0, end);
	}

}
