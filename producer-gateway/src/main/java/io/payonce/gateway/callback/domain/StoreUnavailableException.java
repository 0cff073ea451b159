package io.payonce.gateway.callback.domain;

/**
 * The database could not be reached or did not confirm the commit. Answered 503 with {@code Retry-After}:
 * the platform retries, and the retry is then accepted or recognised as a duplicate. Never answered 200,
 * because a 200 tells the platform to stop retrying a payment we may not have recorded.
 */
public class StoreUnavailableException extends RuntimeException {

	public StoreUnavailableException(String message, Throwable cause) {
		super(message, cause);
	}

}
