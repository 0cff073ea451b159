package io.payonce.gateway.callback.domain;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Checks {@code Payonce-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body bytes>">} the way
 * Stripe checks its webhooks.
 * <ul>
 * <li>The HMAC is computed over the raw bytes as received, never over re-serialised JSON: any re-encoding
 * (key order, whitespace, number format) would break authentic signatures or, worse, let a changed body
 * pass.</li>
 * <li>Several {@code v1} entries may be sent and several secrets may be active, so a secret can be rotated
 * without a moment in which either side's signatures are refused. Any pair that matches is enough.</li>
 * <li>Digests are compared with {@link MessageDigest#isEqual}, which takes the same time wherever the first
 * differing byte is, so response times do not reveal how much of a guess was right.</li>
 * <li>The signature is checked before the timestamp: only an authentic request learns that its time was off
 * ({@link SignatureRejection#STALE}, {@link SignatureRejection#FUTURE}); the time comes from the injected
 * clock.</li>
 * </ul>
 * Secrets are held as key material only; no method returns or prints them.
 */
public final class SignatureVerifier {

	public static final String HEADER = "Payonce-Signature";

	private static final String ALGORITHM = "HmacSHA256";

	/** A real header is about 80 characters per entry; anything this long is not one of ours. */
	private static final int MAX_HEADER_LENGTH = 1024;

	/** Digits of a timestamp: {@code [0-9]{1,12}}. */
	private static final int MAX_TIMESTAMP_DIGITS = 12;

	/** Hex digits of an HMAC-SHA256: {@code [0-9a-fA-F]{64}}. */
	private static final int SHA256_HEX_DIGITS = 64;

	/**
	 * One {@code Mac} per secret, initialised with its key once and never used itself: each check works on a clone.
	 * Looking the algorithm up and setting the key per callback was a measurable share of the gateway's CPU (issue 19);
	 * a clone copies the keyed state and is the callback's alone ({@code Mac} is not thread-safe), while cloning only
	 * reads the prototype, which nobody changes after the constructor.
	 */
	private final List<Mac> keyedMacs;

	private final Duration tolerance;

	private final Clock clock;

	public SignatureVerifier(List<String> secrets, Duration tolerance, Clock clock) {
		Objects.requireNonNull(secrets, "secrets");
		if (secrets.isEmpty()) {
			throw new IllegalArgumentException("at least one signature secret is required");
		}
		List<Mac> keyedMacs = new ArrayList<>();
		for (String secret : secrets) {
			if (secret == null || secret.isBlank()) {
				throw new IllegalArgumentException("signature secrets must not be blank");
			}
			Mac keyed = keyed(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM));
			copyOf(keyed); // fails here, at start, if the provider's Mac cannot be cloned
			keyedMacs.add(keyed);
		}
		this.keyedMacs = List.copyOf(keyedMacs);
		this.tolerance = Objects.requireNonNull(tolerance, "tolerance");
		this.clock = Objects.requireNonNull(clock, "clock");
	}

	/**
	 * @param header the {@code Payonce-Signature} header, {@code null} when absent
	 * @param body the raw request body
	 * @throws SignatureRejectedException when the request is not authentic or not fresh
	 */
	public void verify(String header, byte[] body) {
		if (header == null || header.isBlank()) {
			throw new SignatureRejectedException(SignatureRejection.MISSING, "Missing " + HEADER + " header");
		}
		ParsedHeader parsed = parse(header);
		byte[] signedPayload = signedPayload(parsed.timestamp(), body);
		if (!anyMatches(signedPayload, parsed.signatures())) {
			throw new SignatureRejectedException(SignatureRejection.MISMATCH,
					"No signature matches the request body");
		}
		long signedAt = Long.parseLong(parsed.timestamp());
		long now = this.clock.instant().getEpochSecond();
		long toleranceSeconds = this.tolerance.toSeconds();
		if (signedAt < now - toleranceSeconds) {
			throw new SignatureRejectedException(SignatureRejection.STALE,
					"Signature timestamp is older than " + toleranceSeconds + " s");
		}
		if (signedAt > now + toleranceSeconds) {
			throw new SignatureRejectedException(SignatureRejection.FUTURE,
					"Signature timestamp is more than " + toleranceSeconds + " s in the future");
		}
	}

	private static ParsedHeader parse(String header) {
		if (header.length() > MAX_HEADER_LENGTH) {
			throw malformed("header too long");
		}
		String timestamp = null;
		List<byte[]> signatures = new ArrayList<>();
		for (String element : header.split(",", -1)) {
			int eq = element.indexOf('=');
			if (eq <= 0) {
				throw malformed("expected key=value pairs");
			}
			String key = element.substring(0, eq).trim();
			String value = element.substring(eq + 1).trim();
			if ("t".equals(key)) {
				if (timestamp != null || !isTimestamp(value)) {
					throw malformed("expected exactly one numeric t");
				}
				timestamp = value;
			}
			else if ("v1".equals(key)) {
				if (!isHexSha256(value)) {
					throw malformed("v1 must be 64 hex digits");
				}
				signatures.add(HexFormat.of().parseHex(value));
			}
			// Other schemes (v0, a future v2) are ignored, as Stripe does, so a platform can add one first.
		}
		if (timestamp == null || signatures.isEmpty()) {
			throw malformed("t and at least one v1 are required");
		}
		return new ParsedHeader(timestamp, signatures);
	}

	// checked by hand, not by a regular expression: a matcher per entry per callback for a rule this plain (issue 19)
	private static boolean isTimestamp(String value) {
		if (value.isEmpty() || value.length() > MAX_TIMESTAMP_DIGITS) {
			return false;
		}
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (c < '0' || c > '9') {
				return false;
			}
		}
		return true;
	}

	private static boolean isHexSha256(String value) {
		if (value.length() != SHA256_HEX_DIGITS) {
			return false;
		}
		for (int i = 0; i < value.length(); i++) {
			char c = value.charAt(i);
			if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) {
				return false;
			}
		}
		return true;
	}

	private static SignatureRejectedException malformed(String why) {
		return new SignatureRejectedException(SignatureRejection.MALFORMED, "Malformed " + HEADER + " header: " + why);
	}

	private static byte[] signedPayload(String timestamp, byte[] body) {
		byte[] prefix = (timestamp + ".").getBytes(StandardCharsets.US_ASCII);
		byte[] payload = new byte[prefix.length + body.length];
		System.arraycopy(prefix, 0, payload, 0, prefix.length);
		System.arraycopy(body, 0, payload, prefix.length, body.length);
		return payload;
	}

	private boolean anyMatches(byte[] signedPayload, List<byte[]> signatures) {
		boolean matched = false;
		for (Mac keyed : this.keyedMacs) {
			byte[] expected = copyOf(keyed).doFinal(signedPayload);
			for (byte[] candidate : signatures) {
				// Constant time per comparison; no early exit, so timing does not tell which secret matched.
				matched |= MessageDigest.isEqual(expected, candidate);
			}
		}
		return matched;
	}

	private static Mac keyed(SecretKeySpec key) {
		try {
			Mac mac = Mac.getInstance(ALGORITHM);
			mac.init(key);
			return mac;
		}
		catch (NoSuchAlgorithmException | InvalidKeyException ex) {
			throw new IllegalStateException("HmacSHA256 is required by every Java platform", ex);
		}
	}

	private static Mac copyOf(Mac keyed) {
		try {
			return (Mac) keyed.clone();
		}
		catch (CloneNotSupportedException ex) {
			// checked in the constructor: a prototype that cannot be cloned never gets here
			throw new IllegalStateException("HmacSHA256 of " + keyed.getProvider() + " cannot be cloned", ex);
		}
	}

	/** Computes a header value; used by clients, the demo and tests. */
	public static String sign(String secret, long unixSeconds, byte[] body) {
		byte[] digest = keyed(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), ALGORITHM))
			.doFinal(signedPayload(Long.toString(unixSeconds), body));
		return "t=" + unixSeconds + ",v1=" + HexFormat.of().formatHex(digest);
	}

	@Override
	public String toString() {
		return "SignatureVerifier[" + this.keyedMacs.size() + " secret(s), tolerance=" + this.tolerance + "]";
	}

	private record ParsedHeader(String timestamp, List<byte[]> signatures) {
	}

}
