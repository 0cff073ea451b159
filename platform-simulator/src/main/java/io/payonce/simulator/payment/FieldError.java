package io.payonce.simulator.payment;

/** One broken rule of a request, naming its field. */
public record FieldError(String field, String message) {

}
