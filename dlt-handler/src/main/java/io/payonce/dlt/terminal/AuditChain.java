package io.payonce.dlt.terminal;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The hash chain that makes the audit trail tamper-evident: each entry stores the hash of the one before it and
 * its own, {@code hash = SHA-256(previous + "\n" + entry)}, starting from {@link #GENESIS}. Changing, removing
 * or reordering an entry breaks every hash after it. What a chain cannot show alone is the loss of the newest
 * entries, or a trail rewritten from scratch; for that the handler logs the head of the chain at every append
 * (log lines leave the host), and whoever holds an older head can check that today's trail still contains it.
 */
public final class AuditChain {

	/** The "previous hash" of the first entry. */
	public static final String GENESIS = "0".repeat(64);

	private AuditChain() {
	}

	/** @param entry the entry in its stored (canonical) form */
	public static String hash(String previous, String entry) {
		try {
			MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
			sha256.update(previous.getBytes(StandardCharsets.UTF_8));
			sha256.update((byte) '\n');
			sha256.update(entry.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(sha256.digest());
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("SHA-256 is part of every JRE", ex);
		}
	}

}
