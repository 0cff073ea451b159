package io.payonce.platform.callback;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The sender's side of {@code Payonce-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>}
 * (DESIGN.md, Stripe-style).
 */
public final class CallbackSignature {

	public static final String HEADER = "Payonce-Signature";

	/** The gateway's default secret on the local stack. Local only: production sets its own. */
	public static final String LOCAL_SECRET = "payonce-local-secret";

	private CallbackSignature() {
	}

	/** The header value for {@code rawBody} signed at {@code unixSeconds}. */
	public static String header(String secret, long unixSeconds, byte[] rawBody) {
		return "t=" + unixSeconds + ",v1=" + hmacHex(secret, unixSeconds, rawBody);
	}

	public static String hmacHex(String secret, long unixSeconds, byte[] rawBody) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
			mac.update((unixSeconds + ".").getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(mac.doFinal(rawBody));
		}
		catch (NoSuchAlgorithmException | InvalidKeyException ex) {
			throw new IllegalStateException("HmacSHA256 is part of every JDK", ex);
		}
	}

}
