package io.payonce.gateway.callback.domain;

import java.util.List;

/** The body is not a callback we can act on; answered 400 with every field error. */
public class InvalidCallbackException extends RuntimeException {

	/** The body is not a JSON object at all; {@link #errors()} is then empty. */
	public static final String MALFORMED_JSON = "malformed_json";

	public static final String INVALID_FIELD = "invalid_field";

	private final String reason;

	private final List<FieldError> errors;

	private InvalidCallbackException(String reason, String message, List<FieldError> errors) {
		super(message);
		this.reason = reason;
		this.errors = List.copyOf(errors);
	}

	public static InvalidCallbackException malformedJson(String message) {
		return new InvalidCallbackException(MALFORMED_JSON, message, List.of());
	}

	public static InvalidCallbackException invalidFields(List<FieldError> errors) {
		return new InvalidCallbackException(INVALID_FIELD, "Invalid callback: " + errors.size() + " field error(s)",
				errors);
	}

	public String reason() {
		return this.reason;
	}

	public List<FieldError> errors() {
		return this.errors;
	}

}
