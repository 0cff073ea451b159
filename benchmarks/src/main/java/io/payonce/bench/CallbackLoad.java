package io.payonce.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import io.payonce.platform.callback.CallbackClient;
import io.payonce.platform.callback.CallbackSignature;
import io.payonce.platform.callback.PayCallback;

/**
 * Signed callbacks to the gateway: closed loop (as fast as it answers) or open loop (a fixed rate).
 * <p>
 * Cheap enough not to be the limit (issue 19): every request is built and signed in full before the timed phase
 * ({@link #prepare}: JSON, HMAC, headers; the signature's timestamp is the preparation's, well inside the gateway's
 * 300 s tolerance for a phase of at most a minute), and each sender thread owns one kept-alive HTTP/1.1 connection
 * ({@link KeepAliveConnection}) that writes those bytes and reads the answer into reused buffers. The CPU the
 * sender threads used is measured (ThreadMXBean) and reported per payment, next to the harness process's whole CPU.
 */
final class CallbackLoad {

	private static final byte[] ACCEPTED = "ACCEPTED".getBytes(StandardCharsets.US_ASCII);

	private static final int TIMEOUT_MILLIS = 30_000;

	/** Senders of the open loop: far more than the rate needs in flight (rate x latency), so none is late. */
	static final int OPEN_LOOP_SENDERS = 32;

	/** A callback ready to send: its order and the whole HTTP/1.1 request, signed. */
	record Prepared(String orderNo, byte[] request) {

	}

	/**
	 * What a load produced: when each payment was accepted (epoch ms, client side, once its answer was read), what
	 * failed, and the CPU seconds of the sender threads.
	 * @param late open loop: sends that left more than 5 ms after their due time (0 in a closed loop)
	 */
	record Result(Map<String, Long> acceptedAt, long sent, long failed, double seconds, double senderCpuSeconds,
			long late) {

		double acceptedPerSecond() {
			return this.acceptedAt.size() / this.seconds;
		}

		/** Sender threads' CPU per accepted payment, ms. */
		double senderCpuMillisPerPayment() {
			return this.acceptedAt.isEmpty() ? Double.NaN : 1000 * this.senderCpuSeconds / this.acceptedAt.size();
		}

	}

	private final String host;

	private final int port;

	private final String path;

	CallbackLoad(String gatewayBaseUrl) {
		URI uri = URI.create(gatewayBaseUrl + CallbackClient.CALLBACK_PATH);
		this.host = uri.getHost();
		this.port = uri.getPort();
		this.path = uri.getRawPath();
	}

	/** JSON, HMAC signature and the whole request of every callback, signed now; done before a timed phase. */
	List<Prepared> prepare(List<PayCallback> callbacks) {
		long now = System.currentTimeMillis() / 1000;
		List<Prepared> prepared = new ArrayList<>(callbacks.size());
		for (PayCallback callback : callbacks) {
			byte[] body = callback.json().getBytes(StandardCharsets.UTF_8);
			String[] headers = { "Content-Type", "application/json", CallbackSignature.HEADER,
					CallbackSignature.header(CallbackSignature.LOCAL_SECRET, now, body) };
			prepared.add(new Prepared(callback.orderNo(),
					KeepAliveConnection.post(this.host, this.port, this.path, headers, body)));
		}
		return prepared;
	}

	/**
	 * {@code threads} senders, each posting the next callback as soon as the previous one is answered, until
	 * the list is used up or {@code maxSeconds} passed.
	 */
	Result closedLoop(List<Prepared> callbacks, int threads, double maxSeconds) throws InterruptedException {
		long start = System.nanoTime();
		long deadline = start + (long) (maxSeconds * 1e9);
		return run(callbacks, threads, start, (i) -> System.nanoTime() < deadline ? 0 : -1);
	}

	/** Posts at a fixed rate regardless of answers (open loop), for {@code seconds} or until the list is used up. */
	Result openLoop(List<Prepared> callbacks, double perSecond, double seconds) throws InterruptedException {
		int count = (int) Math.min(callbacks.size(), Math.round(perSecond * seconds));
		long start = System.nanoTime();
		double interval = 1e9 / perSecond;
		return run(callbacks.subList(0, count), OPEN_LOOP_SENDERS, start, (i) -> start + (long) (i * interval));
	}

	/** When callback {@code i} may leave: a nanoTime, 0 for now, or -1 for never (the load is over). */
	@FunctionalInterface
	private interface Schedule {

		long dueNanos(int i);

	}

	private Result run(List<Prepared> callbacks, int threads, long start, Schedule schedule)
			throws InterruptedException {
		Map<String, Long> acceptedAt = new ConcurrentHashMap<>(callbacks.size() * 2);
		AtomicInteger next = new AtomicInteger();
		LongAdder sent = new LongAdder();
		LongAdder failed = new LongAdder();
		LongAdder late = new LongAdder();
		LongAdder cpuNanos = new LongAdder();
		java.lang.management.ThreadMXBean mx = ManagementFactory.getThreadMXBean();
		Thread[] workers = new Thread[threads];
		for (int t = 0; t < threads; t++) {
			workers[t] = new Thread(() -> {
				long cpu0 = mx.getCurrentThreadCpuTime();
				try (KeepAliveConnection connection = new KeepAliveConnection(this.host, this.port, TIMEOUT_MILLIS)) {
					int i;
					while ((i = next.getAndIncrement()) < callbacks.size()) {
						long due = schedule.dueNanos(i);
						if (due < 0) {
							break;
						}
						long wait;
						while (due > 0 && (wait = due - System.nanoTime()) > 0) {
							LockSupport.parkNanos(wait);
						}
						if (due > 0 && System.nanoTime() - due > 5_000_000) {
							late.increment();
						}
						Prepared callback = callbacks.get(i);
						sent.increment();
						try {
							KeepAliveConnection.Answer answer = connection.exchange(callback.request(), ACCEPTED);
							if (answer.status() == 200 && answer.bodyMatched()) {
								acceptedAt.put(callback.orderNo(), System.currentTimeMillis());
							}
							else {
								failed.increment();
							}
						}
						catch (IOException ex) {
							failed.increment();
						}
					}
				}
				finally {
					cpuNanos.add(mx.getCurrentThreadCpuTime() - cpu0);
				}
			}, "bench-sender-" + t);
			workers[t].setDaemon(true);
			workers[t].start();
		}
		for (Thread worker : workers) {
			worker.join();
		}
		double seconds = (System.nanoTime() - start) / 1e9;
		return new Result(acceptedAt, sent.sum(), failed.sum(), seconds, cpuNanos.sum() / 1e9, late.sum());
	}

}
