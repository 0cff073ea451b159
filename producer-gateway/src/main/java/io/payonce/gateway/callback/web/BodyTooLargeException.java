package io.payonce.gateway.callback.web;

/** The body exceeds {@code payonce.gateway.max-body-size}; answered 413. */
class BodyTooLargeException extends RuntimeException {

	BodyTooLargeException(long limit) {
		super("Request body larger than " + limit + " bytes");
	}

}
