package io.payonce.gateway.callback.web;

import java.util.ArrayList;
import java.util.List;

import io.payonce.gateway.callback.domain.CallbackFields;
import io.payonce.gateway.callback.domain.FieldError;
import io.payonce.gateway.callback.domain.InvalidCallbackException;

import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Turns the raw (already authenticated) body into {@link CallbackFields}. Strict about the JSON itself:
 * one object, no duplicate keys (two {@code amount}s would leave it to the parser which one counts), no
 * trailing garbage. Fields must be scalars; numbers keep their literal text. Unknown fields are ignored.
 */
final class CallbackJson {

	private static final JsonMapper MAPPER = JsonMapper.builder()
		.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
		.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
		.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
		.build();

	private CallbackJson() {
	}

	/**
	 * @param validator the content rules, applied to the fields whose JSON type was right
	 * @throws InvalidCallbackException for malformed JSON or any invalid field
	 */
	static <T> T parse(byte[] body, java.util.function.Function<CallbackFields, T> validator) {
		JsonNode root;
		try {
			root = MAPPER.readTree(body);
		}
		catch (JacksonException ex) {
			throw InvalidCallbackException.malformedJson("Body is not valid JSON: " + ex.getOriginalMessage());
		}
		if (root == null || !root.isObject()) {
			throw InvalidCallbackException.malformedJson("Body must be a JSON object");
		}
		List<FieldError> typeErrors = new ArrayList<>();
		CallbackFields fields = new CallbackFields(text(root, "payNo", false, typeErrors),
				text(root, "orderNo", false, typeErrors), text(root, "userId", true, typeErrors),
				text(root, "amount", true, typeErrors), text(root, "currency", false, typeErrors),
				text(root, "status", false, typeErrors), text(root, "paidAt", false, typeErrors));
		try {
			T value = validator.apply(fields);
			if (typeErrors.isEmpty()) {
				return value;
			}
			throw InvalidCallbackException.invalidFields(typeErrors);
		}
		catch (InvalidCallbackException ex) {
			if (typeErrors.isEmpty()) {
				throw ex;
			}
			// A field with the wrong JSON type was passed on as absent; report its type error instead of "required".
			List<FieldError> merged = new ArrayList<>(typeErrors);
			for (FieldError error : ex.errors()) {
				if (typeErrors.stream().noneMatch((typeError) -> typeError.field().equals(error.field()))) {
					merged.add(error);
				}
			}
			throw InvalidCallbackException.invalidFields(merged);
		}
	}

	private static String text(JsonNode root, String field, boolean numberAllowed, List<FieldError> typeErrors) {
		JsonNode node = root.get(field);
		if (node == null || node.isNull()) {
			return null;
		}
		if (node.isString()) {
			return node.stringValue();
		}
		if (numberAllowed && node.isNumber()) {
			// toString, not toPlainString: 1e999999999 must stay a short text (then refused), not a billion digits.
			return node.isIntegralNumber() ? node.bigIntegerValue().toString() : node.decimalValue().toString();
		}
		typeErrors.add(new FieldError(field, numberAllowed ? "must be a string or a number" : "must be a string"));
		return null;
	}

}
