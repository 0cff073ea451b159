package io.payonce.gateway.callback.domain;

/** One invalid field of a callback body, named as in the JSON. */
public record FieldError(String field, String message) {
}
