package io.payonce.infra;

/** A node of the local stack failed to start or to become ready; the message names node, port and log. */
public class NodeStartException extends RuntimeException {

	public NodeStartException(String message) {
		super(message);
	}

	public NodeStartException(String message, Throwable cause) {
		super(message, cause);
	}

}
