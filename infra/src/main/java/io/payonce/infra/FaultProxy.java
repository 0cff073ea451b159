package io.payonce.infra;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A TCP proxy on {@code 127.0.0.1:<port>} in front of one server, through which one client (a service) reaches a
 * store: the network between them, with three faults a test can switch on and off while the client runs.
 * <ul>
 * <li>{@link #latency(Duration)}: every chunk read from either side waits this long before it is written on.</li>
 * <li>{@link #partition()}: nothing passes in either direction and a new connection is accepted but never
 * connected on; bytes stay in the kernel buffers, as on a partition where packets are dropped and retransmitted.
 * The client notices only through its own timeouts; {@link #heal()} lets the held bytes through again.</li>
 * <li>{@link #cutConnections()}: every open connection is reset on both sides (RST), as when a firewall or a NAT
 * drops its state; the client has to reconnect.</li>
 * </ul>
 * Each fault is counted ({@link #stats()}), so that a test can prove that it happened: chunks delayed,
 * connections cut, connections and chunks held by a partition.
 *
 * <p>
 * Plain blocking sockets, two pump threads per connection (a service opens a few dozen at most).
 */
public final class FaultProxy implements AutoCloseable {

	private static final int BUFFER = 64 * 1024;

	private final String name;

	private final ServerSocket listener;

	private final InetSocketAddress target;

	private final Set<Link> links = ConcurrentHashMap.newKeySet();

	private final ReentrantLock lock = new ReentrantLock();

	private final Condition healed = this.lock.newCondition();

	private volatile boolean partitioned;

	private volatile long latencyNanos;

	private volatile boolean closed;

	private final AtomicLong accepted = new AtomicLong();

	private final AtomicLong cut = new AtomicLong();

	private final AtomicLong delayedChunks = new AtomicLong();

	private final AtomicLong heldChunks = new AtomicLong();

	private final AtomicLong heldConnections = new AtomicLong();

	private final AtomicLong bytes = new AtomicLong();

	private FaultProxy(String name, ServerSocket listener, InetSocketAddress target) {
		this.name = name;
		this.listener = listener;
		this.target = target;
	}

	/**
	 * Binds {@code 127.0.0.1:<port>} (0 for any free port) and forwards every connection to the target.
	 * @throws UncheckedIOException if the port cannot be bound
	 */
	public static FaultProxy start(String name, int port, String targetHost, int targetPort) {
		try {
			ServerSocket listener = new ServerSocket();
			listener.setReuseAddress(true);
			listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
			FaultProxy proxy = new FaultProxy(name, listener, new InetSocketAddress(targetHost, targetPort));
			Thread acceptor = new Thread(proxy::acceptLoop, "fault-proxy-" + name);
			acceptor.setDaemon(true);
			acceptor.start();
			return proxy;
		}
		catch (IOException ex) {
			throw new UncheckedIOException("fault proxy " + name + ": cannot bind 127.0.0.1:" + port, ex);
		}
	}

	public String name() {
		return this.name;
	}

	/** The port clients connect to. */
	public int port() {
		return this.listener.getLocalPort();
	}

	/** {@code 127.0.0.1:<port>}. */
	public String address() {
		return "127.0.0.1:" + port();
	}

	/** Delays every chunk in both directions by this much; {@link Duration#ZERO} for none. */
	public void latency(Duration perChunk) {
		this.latencyNanos = perChunk.toNanos();
	}

	/** Nothing passes until {@link #heal()}; clients see silence, not a refused or reset connection. */
	public void partition() {
		this.partitioned = true;
	}

	/** Back to a plain connection: no latency, no partition; what a partition held goes through now. */
	public void heal() {
		this.latencyNanos = 0;
		this.lock.lock();
		try {
			this.partitioned = false;
			this.healed.signalAll();
		}
		finally {
			this.lock.unlock();
		}
	}

	public boolean isPartitioned() {
		return this.partitioned;
	}

	/**
	 * Resets every open connection on both sides (SO_LINGER 0, close), as a dropped connection looks to both
	 * ends. Returns how many connections it cut.
	 */
	public int cutConnections() {
		int count = 0;
		for (Link link : Set.copyOf(this.links)) {
			if (link.reset()) {
				count++;
			}
		}
		this.cut.addAndGet(count);
		return count;
	}

	/** Counters since the start; a test diffs two snapshots to prove its fault. */
	public Stats stats() {
		return new Stats(this.accepted.get(), this.links.size(), this.cut.get(), this.delayedChunks.get(),
				this.heldChunks.get(), this.heldConnections.get(), this.bytes.get());
	}

	@Override
	public void close() {
		this.closed = true;
		heal();
		try {
			this.listener.close();
		}
		catch (IOException ex) {
			// closing: nothing to do with a listener that will not close
		}
		Set.copyOf(this.links).forEach(Link::close);
	}

	@Override
	public String toString() {
		return this.name + " " + address() + " -> " + this.target.getHostString() + ":" + this.target.getPort();
	}

	private void acceptLoop() {
		while (!this.closed) {
			Socket client;
			try {
				client = this.listener.accept();
			}
			catch (IOException ex) {
				if (this.closed) {
					return;
				}
				continue;
			}
			this.accepted.incrementAndGet();
			Thread opener = new Thread(() -> open(client), "fault-proxy-" + this.name + "-open");
			opener.setDaemon(true);
			opener.start();
		}
	}

	/** Connects on (after a partition, if one is on) and starts the two pumps. */
	private void open(Socket client) {
		if (this.partitioned) {
			this.heldConnections.incrementAndGet();
			awaitHealed();
		}
		Socket server = new Socket();
		try {
			client.setTcpNoDelay(true);
			server.setTcpNoDelay(true);
			server.connect(this.target, 5000);
		}
		catch (IOException ex) {
			// the store is down: the client sees its connection closed, as with the store itself
			closeQuietly(server);
			closeQuietly(client);
			return;
		}
		Link link = new Link(client, server);
		this.links.add(link);
		link.start();
	}

	private void awaitHealed() {
		this.lock.lock();
		try {
			while (this.partitioned && !this.closed) {
				this.healed.await(1, TimeUnit.SECONDS);
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		finally {
			this.lock.unlock();
		}
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// already broken
		}
	}

	/** What the proxy did since it started. */
	public record Stats(long accepted, int open, long cut, long delayedChunks, long heldChunks,
			long heldConnections, long bytes) {

		/** Counters of {@code this} minus those of an earlier snapshot (open stays as is). */
		public Stats since(Stats before) {
			return new Stats(this.accepted - before.accepted, this.open, this.cut - before.cut,
					this.delayedChunks - before.delayedChunks, this.heldChunks - before.heldChunks,
					this.heldConnections - before.heldConnections, this.bytes - before.bytes);
		}

	}

	/** One proxied connection: client and server socket, a pump each way. */
	private final class Link {

		private final Socket client;

		private final Socket server;

		private final java.util.concurrent.atomic.AtomicBoolean open = new java.util.concurrent.atomic.AtomicBoolean(
				true);

		Link(Socket client, Socket server) {
			this.client = client;
			this.server = server;
		}

		void start() {
			pump(this.client, this.server, "up");
			pump(this.server, this.client, "down");
		}

		private void pump(Socket from, Socket to, String direction) {
			Thread thread = new Thread(() -> {
				byte[] buffer = new byte[BUFFER];
				try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
					while (true) {
						int read = in.read(buffer);
						if (read < 0) {
							break;
						}
						pass(read);
						out.write(buffer, 0, read);
						out.flush();
					}
				}
				catch (IOException ex) {
					// reset, closed by the other pump, or cut: the link ends
				}
				finally {
					close();
				}
			}, "fault-proxy-" + FaultProxy.this.name + "-" + direction);
			thread.setDaemon(true);
			thread.start();
		}

		/** Applies the faults to one chunk that was read and is about to be written. */
		private void pass(int read) {
			if (FaultProxy.this.partitioned) {
				FaultProxy.this.heldChunks.incrementAndGet();
				awaitHealed();
			}
			long latency = FaultProxy.this.latencyNanos;
			if (latency > 0) {
				FaultProxy.this.delayedChunks.incrementAndGet();
				// the emulated network's delay, not a synchronisation
				LockSupport.parkNanos(latency);
			}
			FaultProxy.this.bytes.addAndGet(read);
		}

		/** RST to both ends; {@code false} if the link had ended already. */
		boolean reset() {
			if (!this.open.get()) {
				return false;
			}
			for (Socket socket : new Socket[] { this.client, this.server }) {
				try {
					socket.setSoLinger(true, 0);
				}
				catch (SocketException ex) {
					// closed meanwhile
				}
			}
			return close();
		}

		boolean close() {
			if (!this.open.compareAndSet(true, false)) {
				return false;
			}
			FaultProxy.this.links.remove(this);
			closeQuietly(this.client);
			closeQuietly(this.server);
			return true;
		}

	}

}
