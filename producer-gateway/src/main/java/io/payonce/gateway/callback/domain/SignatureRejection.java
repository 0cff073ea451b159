package io.payonce.gateway.callback.domain;

/** Why a callback's signature was refused. Each one is answered 401 and counted under its own reason. */
public enum SignatureRejection {

	/** No {@code Payonce-Signature} header at all. */
	MISSING,

	/** The header is there but is not {@code t=<unix seconds>,v1=<64 hex>[,v1=…]}. */
	MALFORMED,

	/** No {@code v1} entry matches any active secret: wrong secret, or the body was changed. */
	MISMATCH,

	/** Authentic, but signed longer ago than the tolerance: a replay of an old request. */
	STALE,

	/** Authentic, but signed further in the future than the tolerance: a wrong clock or a forged time. */
	FUTURE;

	/** The metric and problem reason, e.g. {@code signature_stale}. */
	public String reason() {
		return "signature_" + name().toLowerCase(java.util.Locale.ROOT);
	}

}
