package io.payonce.ops.security;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;

/**
 * Remembers, for a short time, that a user name and password were verified, so that the ops APIs' basic
 * authentication (stateless: the credentials come with every request) does not pay a password hash on every request.
 * <p>
 * Why: a BCrypt check costs ~50 ms of CPU here, and Spring Security upgrades even a {@code {noop}} local password to
 * BCrypt after its first use, so every console request, every peer request of a timeline or pending list, and every
 * other API call cost 50 ms before it did anything (measured: the timeline lookup's p50 was 52 ms, of which the
 * lookup was ~3 ms). What stays true:
 * <ul>
 * <li>Only a <em>successful</em> check is remembered. A wrong password always goes to the delegate (the full hash
 * cost, the same answer), so guessing is exactly as slow as before.</li>
 * <li>The key is an HMAC-SHA256 of the user name and password under a random key made at start and never stored:
 * neither the password nor a plain hash of it is kept, and a memory dump cannot be brute-forced offline without
 * that key, which dies with the process.</li>
 * <li>An entry lives {@code ttl}. The users are fixed at start (a password change is a restart, which empties
 * this), so the time only bounds how long a verified pair stays in memory. At most {@code maxEntries} are kept; when
 * full, the whole map is dropped (simple, and it only costs hashes again).</li>
 * </ul>
 */
public final class RecentCredentials implements AuthenticationProvider {

	private final AuthenticationProvider delegate;

	private final Clock clock;

	private final Duration ttl;

	private final int maxEntries;

	private final Mac mac;

	private final Map<String, Remembered> remembered = new ConcurrentHashMap<>();

	public RecentCredentials(AuthenticationProvider delegate, Clock clock, Duration ttl, int maxEntries) {
		this.delegate = delegate;
		this.clock = clock;
		this.ttl = ttl;
		this.maxEntries = maxEntries;
		byte[] key = new byte[32];
		new SecureRandom().nextBytes(key);
		try {
			this.mac = Mac.getInstance("HmacSHA256");
			this.mac.init(new SecretKeySpec(key, "HmacSHA256"));
		}
		catch (NoSuchAlgorithmException | InvalidKeyException ex) {
			throw new IllegalStateException("every Java runtime has HmacSHA256", ex);
		}
	}

	@Override
	public Authentication authenticate(Authentication authentication) throws AuthenticationException {
		if (!(authentication.getCredentials() instanceof String password)) {
			return this.delegate.authenticate(authentication);
		}
		String key = key(authentication.getName(), password);
		Instant now = this.clock.instant();
		Remembered known = this.remembered.get(key);
		if (known != null && now.isBefore(known.until())) {
			return UsernamePasswordAuthenticationToken.authenticated(known.verified().getPrincipal(), null,
					known.verified().getAuthorities());
		}
		Authentication verified = this.delegate.authenticate(authentication);
		if (verified != null && verified.isAuthenticated()) {
			if (this.remembered.size() >= this.maxEntries) {
				this.remembered.clear();
			}
			this.remembered.put(key, new Remembered(verified, now.plus(this.ttl)));
		}
		return verified;
	}

	@Override
	public boolean supports(Class<?> authentication) {
		return this.delegate.supports(authentication);
	}

	/** How many verified credentials are remembered now (for tests and the curious). */
	int size() {
		return this.remembered.size();
	}

	private String key(String user, String password) {
		byte[] input = (user + '\0' + password).getBytes(StandardCharsets.UTF_8);
		byte[] digest;
		synchronized (this.mac) {
			digest = this.mac.doFinal(input);
		}
		return HexFormat.of().formatHex(digest);
	}

	private record Remembered(Authentication verified, Instant until) {
	}

}
