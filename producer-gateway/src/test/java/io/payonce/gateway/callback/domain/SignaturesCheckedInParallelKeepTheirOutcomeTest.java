package io.payonce.gateway.callback.domain;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One {@link SignatureVerifier} serves every request thread, and its keyed {@code Mac}s are shared prototypes: each
 * check must work on a copy of its own. Many threads checking different bodies at once each get their own request's
 * outcome; a shared, unsynchronised {@code Mac} would mix their bytes and refuse authentic ones or pass forged ones.
 */
class SignaturesCheckedInParallelKeepTheirOutcomeTest {

	private static final long NOW = 1_790_000_000L;

	@Test
	void eachParallelCheckGetsItsOwnRequestsOutcome() throws Exception {
		// given one verifier with two secrets, and 8 threads each checking 2,000 bodies, every third one forged
		SignatureVerifier verifier = new SignatureVerifier(List.of("current-secret", "previous-secret"),
				Duration.ofSeconds(300), Clock.fixed(Instant.ofEpochSecond(NOW), ZoneOffset.UTC));
		ExecutorService threads = Executors.newFixedThreadPool(8);
		List<Future<int[]>> results = new ArrayList<>();
		try {
			// when
			for (int t = 0; t < 8; t++) {
				int thread = t;
				results.add(threads.submit((Callable<int[]>) () -> check(verifier, thread)));
			}
			// then
			for (Future<int[]> result : results) {
				int[] counts = result.get(60, TimeUnit.SECONDS);
				assertThat(counts[0]).as("authentic bodies accepted").isEqualTo(1334);
				assertThat(counts[1]).as("forged bodies refused").isEqualTo(666);
			}
		}
		finally {
			threads.shutdownNow();
		}
	}

	/** {accepted authentic, refused forged}; anything else fails the test. */
	private static int[] check(SignatureVerifier verifier, int thread) {
		int[] counts = new int[2];
		for (int i = 0; i < 2000; i++) {
			byte[] body = ("{\"payNo\":\"PN-" + thread + "-" + i + "\"}").getBytes(StandardCharsets.UTF_8);
			boolean forged = i % 3 == 2;
			String header = SignatureVerifier.sign((i % 2 == 0) ? "current-secret" : "previous-secret", NOW, body);
			if (forged) {
				header = SignatureVerifier.sign("attacker-secret", NOW, body);
			}
			try {
				verifier.verify(header, body);
				assertThat(forged).as("forged body %s accepted", i).isFalse();
				counts[0]++;
			}
			catch (SignatureRejectedException ex) {
				assertThat(forged).as("authentic body %s refused: %s", i, ex.getMessage()).isTrue();
				assertThat(ex.rejection()).isEqualTo(SignatureRejection.MISMATCH);
				counts[1]++;
			}
		}
		return counts;
	}

}
