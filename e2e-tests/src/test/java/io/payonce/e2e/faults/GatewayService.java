package io.payonce.e2e.faults;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import io.payonce.infra.ServiceProcess;
import io.payonce.platform.callback.CallbackClient;
import io.payonce.platform.callback.CallbackClient.CallbackResponse;
import io.payonce.platform.callback.CallbackSignature;
import io.payonce.platform.callback.PayCallback;

/**
 * Several gateway instances behind one address, as the payment platform sees them in production: a Kubernetes
 * Service spreads new requests over the instances (round robin here), and the platform retries what got no answer.
 * Locally nothing stands before the gateways, so this sender plays both parts: a refused, broken or timed-out
 * connection is sent again at once to the next instance (what the Service does for a pod that is gone); a 503 is sent
 * again after its {@code Retry-After} (what the platform does), also to the next instance; any other 5xx after a short
 * back-off. Every retry is counted with its cause, and every callback that needed one is kept with its extra latency
 * (from the first attempt to the 2xx), so that a test can require that each retried callback was finally answered
 * 2xx. A callback with no 2xx within {@link #DEADLINE} counts as {@linkplain #unanswered() unanswered}.
 */
final class GatewayService implements LoadGenerator.Sender {

	static final Duration DEADLINE = Duration.ofMinutes(2);

	/** The platform's request timeout (CallbackClient's). */
	private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

	/** When a 503 carries no usable Retry-After. */
	private static final long DEFAULT_RETRY_AFTER_SECONDS = 1;

	private final List<ServiceProcess> gateways;

	private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

	private final Clock clock = Clock.systemUTC();

	private final AtomicInteger next = new AtomicInteger();

	/** Wall-clock millis of every 2xx answer, in arrival order. */
	private final Queue<Long> accepted = new ConcurrentLinkedQueue<>();

	private final Map<String, AtomicInteger> retriesByCause = new ConcurrentHashMap<>();

	private final Queue<Retried> retried = new ConcurrentLinkedQueue<>();

	private final AtomicLong unanswered = new AtomicLong();

	/** A callback that needed more than one attempt: when it was first sent, its causes, its extra latency. */
	record Retried(String payNo, long firstAttemptAt, long answeredAt, int status, List<String> causes) {

		long extraMillis() {
			return this.answeredAt - this.firstAttemptAt;
		}

		boolean answered2xx() {
			return this.status >= 200 && this.status < 300;
		}

	}

	GatewayService(List<ServiceProcess> gateways) {
		this.gateways = List.copyOf(gateways);
	}

	@Override
	public CallbackResponse send(PayCallback payment) {
		long firstAttemptAt = System.currentTimeMillis();
		long deadline = System.nanoTime() + DEADLINE.toNanos();
		List<String> causes = new ArrayList<>();
		int first = Math.floorMod(this.next.getAndIncrement(), this.gateways.size());
		long backoffMillis = 100;
		for (int attempt = 0; System.nanoTime() < deadline; attempt++) {
			ServiceProcess gateway = this.gateways.get((first + attempt) % this.gateways.size());
			String cause;
			long waitMillis = 0;
			try {
				HttpResponse<String> response = post(gateway, payment);
				int status = response.statusCode();
				if (status < 500) {
					long now = System.currentTimeMillis();
					if (status >= 200 && status < 300) {
						this.accepted.add(now);
					}
					if (!causes.isEmpty()) {
						this.retried.add(new Retried(payment.payNo(), firstAttemptAt, now, status, List.copyOf(causes)));
					}
					return new CallbackResponse(status, response.headers().firstValue("Content-Type").orElse(""),
							response.body());
				}
				cause = status == 503 ? "503" : "5xx";
				waitMillis = status == 503 ? retryAfterMillis(response) : backoffMillis;
				backoffMillis = Math.min(2000, backoffMillis * 2);
			}
			catch (HttpTimeoutException ex) {
				cause = "timed out";
			}
			catch (ConnectException ex) {
				cause = "refused";
			}
			catch (IOException ex) {
				// e.g. a kept-alive connection the stopping instance closed under the request
				cause = "broken connection";
			}
			causes.add(gateway.service() + ": " + cause);
			this.retriesByCause.computeIfAbsent(cause, key -> new AtomicInteger()).incrementAndGet();
			if (waitMillis > 0) {
				// the platform's retry back-off, as the answer asked for it
				LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(waitMillis));
			}
		}
		this.unanswered.incrementAndGet();
		this.retried.add(new Retried(payment.payNo(), firstAttemptAt, System.currentTimeMillis(), 0, List.copyOf(causes)));
		throw new UncheckedIOException(new IOException("no 2xx within " + DEADLINE + " from " + causes));
	}

	private HttpResponse<String> post(ServiceProcess gateway, PayCallback payment) throws IOException {
		byte[] body = payment.json().getBytes(StandardCharsets.UTF_8);
		HttpRequest request = HttpRequest.newBuilder(URI.create(gateway.baseUrl() + CallbackClient.CALLBACK_PATH))
			.timeout(REQUEST_TIMEOUT)
			.header("Content-Type", "application/json")
			.header(CallbackSignature.HEADER,
					CallbackSignature.header(CallbackSignature.LOCAL_SECRET, this.clock.instant().getEpochSecond(), body))
			.POST(HttpRequest.BodyPublishers.ofByteArray(body))
			.build();
		try {
			return this.http.send(request, HttpResponse.BodyHandlers.ofString());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted while posting a callback", ex);
		}
	}

	private static long retryAfterMillis(HttpResponse<String> response) {
		long seconds = response.headers().firstValue("Retry-After").map(value -> {
			try {
				return Long.parseLong(value.trim());
			}
			catch (NumberFormatException ex) {
				return DEFAULT_RETRY_AFTER_SECONDS;
			}
		}).orElse(DEFAULT_RETRY_AFTER_SECONDS);
		return TimeUnit.SECONDS.toMillis(Math.max(0, seconds));
	}

	/** Wall-clock millis of every 2xx answer, sorted. */
	List<Long> acceptedAt() {
		return this.accepted.stream().sorted().toList();
	}

	/** Retries (attempts after the first) by cause: refused, broken connection, timed out, 503, 5xx. */
	Map<String, Integer> retriesByCause() {
		Map<String, Integer> causes = new TreeMap<>();
		this.retriesByCause.forEach((cause, count) -> causes.put(cause, count.get()));
		return causes;
	}

	/** Every callback that needed a retry, answered or not. */
	List<Retried> retried() {
		return List.copyOf(this.retried);
	}

	/** Callbacks with no 2xx within the deadline. */
	long unanswered() {
		return this.unanswered.get();
	}

}
