package io.payonce.dlt.console.web;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;

/** A query parameter of a console list that cannot be used: 400, {@code application/problem+json} naming it. */
@RestControllerAdvice
class ConsoleQueryErrors {

	@ExceptionHandler(TerminalQuery.InvalidParameterException.class)
	ProblemDetail invalidParameter(TerminalQuery.InvalidParameterException ex) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, ex.getMessage());
		problem.setProperty("parameter", ex.parameter());
		return problem;
	}

}
