package io.payonce.relay.support;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A TCP forwarder between one client and a server, which a test can cut: every open connection is closed and new
 * ones are refused, as when a network partition separates one host from the database while the others still
 * reach it.
 */
public final class CuttableProxy implements AutoCloseable {

	private final ServerSocket listener;

	private final int targetPort;

	private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();

	private volatile boolean cut;

	private CuttableProxy(ServerSocket listener, int targetPort) {
		this.listener = listener;
		this.targetPort = targetPort;
	}

	/** Forwards {@code 127.0.0.1:<port()>} to {@code 127.0.0.1:<targetPort>}. */
	public static CuttableProxy to(int targetPort) {
		try {
			CuttableProxy proxy = new CuttableProxy(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()),
					targetPort);
			Thread acceptor = new Thread(proxy::accept, "proxy-accept-" + targetPort);
			acceptor.setDaemon(true);
			acceptor.start();
			return proxy;
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	public int port() {
		return this.listener.getLocalPort();
	}

	private void accept() {
		while (!this.listener.isClosed()) {
			try {
				Socket client = this.listener.accept();
				if (this.cut) {
					client.close();
					continue;
				}
				Socket server = new Socket(InetAddress.getLoopbackAddress(), this.targetPort);
				this.sockets.add(client);
				this.sockets.add(server);
				pump(client, server);
				pump(server, client);
			}
			catch (IOException ex) {
				// listener closed, or the server refused: the client sees its connection fail
			}
		}
	}

	private void pump(Socket from, Socket to) throws IOException {
		InputStream in = from.getInputStream();
		OutputStream out = to.getOutputStream();
		Thread pump = new Thread(() -> {
			byte[] buffer = new byte[16 * 1024];
			try {
				for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
					out.write(buffer, 0, read);
					out.flush();
				}
			}
			catch (IOException ex) {
				// one side closed or the proxy was cut
			}
			finally {
				closeQuietly(from);
				closeQuietly(to);
			}
		}, "proxy-pump");
		pump.setDaemon(true);
		pump.start();
	}

	/** Closes every open connection and refuses new ones until {@link #heal()}. */
	public void cut() {
		this.cut = true;
		this.sockets.forEach(CuttableProxy::closeQuietly);
		this.sockets.clear();
	}

	public void heal() {
		this.cut = false;
	}

	private static void closeQuietly(Socket socket) {
		try {
			socket.close();
		}
		catch (IOException ex) {
			// already closed
		}
	}

	@Override
	public void close() {
		cut();
		try {
			this.listener.close();
		}
		catch (IOException ex) {
			// already closed
		}
	}

}
