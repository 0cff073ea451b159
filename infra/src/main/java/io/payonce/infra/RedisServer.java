package io.payonce.infra;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** redis-server 6.2 from embedded-redis' binaries, without persistence (a restart loses every key). */
final class RedisServer extends ProcessNode implements RedisNode {

	static final String NAME = "redis";

	private final int port;

	RedisServer(Path stackDir, int port) {
		super(NAME, stackDir);
		this.port = port;
	}

	@Override
	public int port() {
		return this.port;
	}

	@Override
	List<Integer> ports() {
		return List.of(this.port);
	}

	@Override
	Duration startTimeout() {
		return Duration.ofSeconds(30);
	}

	@Override
	List<String> command() {
		return List.of(Binaries.redisServer().toString(), "--port", Integer.toString(this.port), "--bind", "127.0.0.1",
				"--save", "", "--appendonly", "no", "--dir", nodeDir().toString(), "--daemonize", "no");
	}

	@Override
	boolean probe() throws IOException {
		return "+PONG".equals(inlineCommand(this.port, "PING"));
	}

	/** Sends one inline command and returns the first reply line, e.g. {@code +PONG}. */
	static String inlineCommand(int port, String command) throws IOException {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
			socket.setSoTimeout(2000);
			OutputStream out = socket.getOutputStream();
			out.write((command + "\r\n").getBytes(StandardCharsets.UTF_8));
			out.flush();
			InputStream in = socket.getInputStream();
			StringBuilder line = new StringBuilder();
			int read;
			while ((read = in.read()) != -1 && read != '\n') {
				if (read != '\r') {
					line.append((char) read);
				}
			}
			return line.toString();
		}
	}

}
