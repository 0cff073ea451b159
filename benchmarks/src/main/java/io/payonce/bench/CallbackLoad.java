package io.payonce.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import io.payonce.platform.callback.CallbackClient;
import io.payonce.platform.callback.CallbackSignature;
import io.payonce.platform.callback.PayCallback;

/** Signed callbacks to the gateway: closed loop (as fast as it answers) or open loop (a fixed rate). */
final class CallbackLoad {

	/** What a load produced: when each payment was accepted (epoch ms, client side) and what failed. */
	record Result(Map<String, Long> acceptedAt, long sent, long failed, double seconds) {

		double acceptedPerSecond() {
			return this.acceptedAt.size() / this.seconds;
		}

	}

	private final HttpClient http;

	private final URI uri;

	private final ExecutorService executor = Executors.newCachedThreadPool(r -> {
		Thread t = new Thread(r, "bench-http");
		t.setDaemon(true);
		return t;
	});

	CallbackLoad(String gatewayBaseUrl) {
		this.uri = URI.create(gatewayBaseUrl + CallbackClient.CALLBACK_PATH);
		this.http = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(Duration.ofSeconds(2))
			.executor(this.executor)
			.build();
	}

	private HttpRequest request(PayCallback callback) {
		byte[] body = callback.json().getBytes(StandardCharsets.UTF_8);
		long now = System.currentTimeMillis() / 1000;
		return HttpRequest.newBuilder(this.uri)
			.timeout(Duration.ofSeconds(30))
			.header("Content-Type", "application/json")
			.header(CallbackSignature.HEADER, CallbackSignature.header(CallbackSignature.LOCAL_SECRET, now, body))
			.POST(HttpRequest.BodyPublishers.ofByteArray(body))
			.build();
	}

	private static boolean accepted(HttpResponse<String> response) {
		return response.statusCode() == 200 && response.body().contains("ACCEPTED");
	}

	/**
	 * {@code threads} senders, each posting the next callback as soon as the previous one is answered, until
	 * the list is used up or {@code maxSeconds} passed.
	 */
	Result closedLoop(List<PayCallback> callbacks, int threads, double maxSeconds) throws InterruptedException {
		Map<String, Long> acceptedAt = new ConcurrentHashMap<>();
		AtomicInteger next = new AtomicInteger();
		LongAdder failed = new LongAdder();
		long start = System.nanoTime();
		long deadline = start + (long) (maxSeconds * 1e9);
		Thread[] workers = new Thread[threads];
		for (int t = 0; t < threads; t++) {
			workers[t] = new Thread(() -> {
				int i;
				while (System.nanoTime() < deadline && (i = next.getAndIncrement()) < callbacks.size()) {
					PayCallback callback = callbacks.get(i);
					try {
						HttpResponse<String> response = this.http.send(request(callback),
								HttpResponse.BodyHandlers.ofString());
						if (accepted(response)) {
							acceptedAt.put(callback.orderNo(), System.currentTimeMillis());
						}
						else {
							failed.increment();
						}
					}
					catch (java.io.IOException ex) {
						failed.increment();
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
						return;
					}
				}
			}, "bench-closed-" + t);
			workers[t].start();
		}
		for (Thread worker : workers) {
			worker.join();
		}
		double seconds = (System.nanoTime() - start) / 1e9;
		return new Result(acceptedAt, Math.min(next.get(), callbacks.size()), failed.sum(), seconds);
	}

	/** Posts at a fixed rate regardless of answers (open loop), for {@code seconds} or until the list is used up. */
	Result openLoop(List<PayCallback> callbacks, double perSecond, double seconds) throws InterruptedException {
		Map<String, Long> acceptedAt = new ConcurrentHashMap<>();
		LongAdder failed = new LongAdder();
		int count = (int) Math.min(callbacks.size(), Math.round(perSecond * seconds));
		CompletableFuture<?>[] inFlight = new CompletableFuture<?>[count];
		long start = System.nanoTime();
		double interval = 1e9 / perSecond;
		for (int i = 0; i < count; i++) {
			long due = start + (long) (i * interval);
			long wait;
			while ((wait = due - System.nanoTime()) > 0) {
				LockSupport.parkNanos(wait);
			}
			PayCallback callback = callbacks.get(i);
			inFlight[i] = this.http.sendAsync(request(callback), HttpResponse.BodyHandlers.ofString())
				.handle((response, error) -> {
					if (error == null && accepted(response)) {
						acceptedAt.put(callback.orderNo(), System.currentTimeMillis());
					}
					else {
						failed.increment();
					}
					return null;
				});
		}
		CompletableFuture.allOf(inFlight).orTimeout(60, TimeUnit.SECONDS).exceptionally(ex -> null).join();
		double elapsed = (System.nanoTime() - start) / 1e9;
		return new Result(acceptedAt, count, failed.sum(), elapsed);
	}

	void close() {
		this.executor.shutdownNow();
	}

}
