package io.payonce.reconciliation.platform;

/** The gateway could not be asked (unreachable, timed out, an error answer): nothing was learnt. */
public class GatewayUnavailableException extends RuntimeException {

	public GatewayUnavailableException(String message, Throwable cause) {
		super(message, cause);
	}

}
