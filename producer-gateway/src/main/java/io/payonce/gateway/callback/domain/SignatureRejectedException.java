package io.payonce.gateway.callback.domain;

/** The callback is not provably from the platform; answered 401. The message never contains a secret. */
public class SignatureRejectedException extends RuntimeException {

	private final SignatureRejection rejection;

	public SignatureRejectedException(SignatureRejection rejection, String message) {
		super(message);
		this.rejection = rejection;
	}

	public SignatureRejection rejection() {
		return this.rejection;
	}

}
