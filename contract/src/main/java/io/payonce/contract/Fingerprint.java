package io.payonce.contract;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 over the fields that make a payment what it is. {@code paidAt} is left out on purpose: a platform
 * that re-sends a callback may re-stamp it, and that is still the same payment. The amount is normalised
 * ({@code 199.0} and {@code 199.00} are the same money).
 */
public final class Fingerprint {

	private Fingerprint() {
	}

	public static String of(PaySuccess event) {
		String canonical = String.join("|", "v1", event.orderNo(), event.payNo(), Long.toString(event.userId()),
				event.amount().stripTrailingZeros().toPlainString(), event.currency());
		return sha256Hex(canonical);
	}

	static String sha256Hex(String text) {
		try {
			MessageDigest digest = MessageDigest.getInstance("SHA-256");
			return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is required by every Java platform", ex);
		}
	}

}
