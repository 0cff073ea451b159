package io.payonce.e2e.faults;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A few Redis commands over RESP, straight to the stack's Redis (not through a service's link): what a scenario
 * needs to flush, snapshot, seed and inspect the consumer's idempotency keys. Replies: simple strings and bulk
 * strings as {@code String}, integers as {@code Long}, arrays as {@code List}, nil as {@code null}.
 */
final class RedisCommands {

	/** The consumer's key prefix (payonce.consumer.redis.key-prefix, default). */
	static final String KEY_PREFIX = "payonce:deduct:";

	private final int port;

	RedisCommands(int port) {
		this.port = port;
	}

	Object call(String... command) {
		try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.port)) {
			socket.setSoTimeout(10_000);
			OutputStream out = socket.getOutputStream();
			StringBuilder request = new StringBuilder("*").append(command.length).append("\r\n");
			for (String part : command) {
				byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
				request.append('$').append(bytes.length).append("\r\n").append(part).append("\r\n");
			}
			out.write(request.toString().getBytes(StandardCharsets.UTF_8));
			out.flush();
			return read(new BufferedInputStream(socket.getInputStream()));
		}
		catch (IOException ex) {
			throw new UncheckedIOException("redis " + command[0] + " failed", ex);
		}
	}

	void ok(String... command) {
		Object reply = call(command);
		if (!"OK".equals(reply)) {
			throw new IllegalStateException(String.join(" ", command) + " answered " + reply);
		}
	}

	/** The consumer's guard entries of the orderNos starting with {@code prefix}: orderNo → value. */
	Map<String, String> guardEntries(String prefix) {
		Map<String, String> entries = new TreeMap<>();
		String cursor = "0";
		do {
			List<?> page = (List<?>) call("SCAN", cursor, "MATCH", KEY_PREFIX + prefix + "*", "COUNT", "1000");
			cursor = (String) page.get(0);
			for (Object key : (List<?>) page.get(1)) {
				String value = (String) call("GET", (String) key);
				if (value != null) {
					entries.put(((String) key).substring(KEY_PREFIX.length()), value);
				}
			}
		}
		while (!"0".equals(cursor));
		return entries;
	}

	/** The value of a {@code CONFIG GET} parameter. */
	String config(String parameter) {
		List<?> reply = (List<?>) call("CONFIG", "GET", parameter);
		return (String) reply.get(1);
	}

	private static Object read(InputStream in) throws IOException {
		int type = in.read();
		String line = line(in);
		switch (type) {
			case '+':
				return line;
			case '-':
				throw new IllegalStateException("redis error: " + line);
			case ':':
				return Long.parseLong(line);
			case '$': {
				int length = Integer.parseInt(line);
				if (length < 0) {
					return null;
				}
				byte[] bytes = in.readNBytes(length);
				line(in);
				return new String(bytes, StandardCharsets.UTF_8);
			}
			case '*': {
				int count = Integer.parseInt(line);
				if (count < 0) {
					return null;
				}
				List<Object> items = new ArrayList<>(count);
				for (int i = 0; i < count; i++) {
					items.add(read(in));
				}
				return items;
			}
			default:
				throw new IllegalStateException("unexpected redis reply type " + type + ": " + line);
		}
	}

	private static String line(InputStream in) throws IOException {
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
