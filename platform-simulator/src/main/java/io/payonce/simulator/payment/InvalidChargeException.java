package io.payonce.simulator.payment;

import java.util.List;
import java.util.stream.Collectors;

/** A charge request that breaks a rule (400): every broken rule, each naming its field. */
public class InvalidChargeException extends RuntimeException {

	private final List<FieldError> errors;

	public InvalidChargeException(List<FieldError> errors) {
		super("invalid charge: " + errors.stream()
			.map(error -> error.field() + " " + error.message())
			.collect(Collectors.joining("; ")));
		this.errors = List.copyOf(errors);
	}

	public List<FieldError> errors() {
		return this.errors;
	}

}
