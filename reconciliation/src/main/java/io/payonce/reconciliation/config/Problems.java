package io.payonce.reconciliation.config;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;

/** The one shape of a refused request: {@code application/problem+json} naming the field or parameter to change. */
public final class Problems {

	private Problems() {
	}

	public static ProblemDetail badRequest(String field, String detail) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(HttpStatus.BAD_REQUEST, detail);
		problem.setTitle("Bad request");
		problem.setProperty("field", field);
		return problem;
	}

}
