package io.payonce.bench;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * The load generator's HTTP/1.1 client: one blocking socket, kept alive, that writes a request already built in
 * full (headers, signature and body, prepared before the timed phase) and reads the answer into reused buffers.
 * It is what a callback sender needs and nothing more: no thread hand-offs, no per-request objects beyond the
 * answer's status, so the load generator is not the limit (the JDK HttpClient cost ~0.9 CPU-ms per payment, issue
 * 19).
 * <p>
 * Reads {@code Content-Length} and {@code chunked} bodies; reconnects when the server closed the connection
 * ({@code Connection: close}, Tomcat does after {@code max-keep-alive-requests}). A request whose answer never
 * came (EOF, timeout) is reported as an {@link IOException} and never sent again: a callback repeated would be
 * answered DUPLICATE and counted as a failure, not hidden. One thread per connection.
 */
final class KeepAliveConnection implements AutoCloseable {

	/** What came back: the status and whether the body held the marker. */
	record Answer(int status, boolean bodyMatched) {

	}

	private final InetSocketAddress address;

	private final int timeoutMillis;

	private Socket socket;

	private InputStream in;

	private OutputStream out;

	private final byte[] buffer = new byte[8192];

	private int position;

	private int limit;

	private byte[] body = new byte[1024];

	private int bodyLength;

	private final StringBuilder line = new StringBuilder(128);

	KeepAliveConnection(String host, int port, int timeoutMillis) {
		this.address = new InetSocketAddress(host, port);
		this.timeoutMillis = timeoutMillis;
	}

	/** Sends {@code request} (a whole HTTP/1.1 request) and reads the answer; {@code marker} is looked for in it. */
	Answer exchange(byte[] request, byte[] marker) throws IOException {
		if (this.socket == null) {
			connect();
		}
		try {
			this.out.write(request);
			this.out.flush();
			return readAnswer(marker);
		}
		catch (IOException ex) {
			close();
			throw ex;
		}
	}

	private void connect() throws IOException {
		Socket s = new Socket();
		s.setTcpNoDelay(true);
		s.setSoTimeout(this.timeoutMillis);
		s.connect(this.address, this.timeoutMillis);
		this.socket = s;
		this.in = s.getInputStream();
		this.out = s.getOutputStream();
		this.position = 0;
		this.limit = 0;
	}

	private Answer readAnswer(byte[] marker) throws IOException {
		String status = readLine();
		// "HTTP/1.1 200 " (Tomcat sends no reason phrase)
		if (!status.startsWith("HTTP/1.") || status.length() < 12) {
			throw new IOException("not an HTTP/1.x status line: " + status);
		}
		int code = Integer.parseInt(status.substring(9, 12));
		long contentLength = -1;
		boolean chunked = false;
		boolean close = status.startsWith("HTTP/1.0");
		String header;
		while (!(header = readLine()).isEmpty()) {
			int colon = header.indexOf(':');
			if (colon <= 0) {
				continue;
			}
			String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
			String value = header.substring(colon + 1).trim();
			if (name.equals("content-length")) {
				contentLength = Long.parseLong(value);
			}
			else if (name.equals("transfer-encoding")) {
				chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
			}
			else if (name.equals("connection")) {
				close = value.equalsIgnoreCase("close");
			}
		}
		this.bodyLength = 0;
		if (chunked) {
			long size;
			while ((size = Long.parseLong(chunkSize(readLine()), 16)) > 0) {
				readBody(size);
				readLine(); // the CRLF after the chunk
			}
			while (!readLine().isEmpty()) {
				// trailers
			}
		}
		else if (contentLength >= 0) {
			readBody(contentLength);
		}
		else {
			close = true; // the body ends with the connection: not expected from the gateway, read it all
			int b;
			while ((b = read()) >= 0) {
				appendBody((byte) b);
			}
		}
		boolean matched = indexOf(this.body, this.bodyLength, marker) >= 0;
		if (close) {
			close();
		}
		return new Answer(code, matched);
	}

	private static String chunkSize(String line) {
		int semicolon = line.indexOf(';');
		return ((semicolon >= 0) ? line.substring(0, semicolon) : line).trim();
	}

	private void readBody(long length) throws IOException {
		for (long i = 0; i < length; i++) {
			int b = read();
			if (b < 0) {
				throw new EOFException("connection closed in the body");
			}
			appendBody((byte) b);
		}
	}

	private void appendBody(byte b) {
		if (this.bodyLength == this.body.length) {
			this.body = Arrays.copyOf(this.body, this.body.length * 2);
		}
		this.body[this.bodyLength++] = b;
	}

	/** A header line without its CRLF (ISO-8859-1, as HTTP/1.1 headers are). */
	private String readLine() throws IOException {
		this.line.setLength(0);
		int b;
		while ((b = read()) >= 0) {
			if (b == '\n') {
				int n = this.line.length();
				if (n > 0 && this.line.charAt(n - 1) == '\r') {
					this.line.setLength(n - 1);
				}
				return this.line.toString();
			}
			this.line.append((char) b);
		}
		throw new EOFException("connection closed before the answer was complete");
	}

	private int read() throws IOException {
		if (this.position == this.limit) {
			int n = this.in.read(this.buffer, 0, this.buffer.length);
			if (n <= 0) {
				return -1;
			}
			this.position = 0;
			this.limit = n;
		}
		return this.buffer[this.position++] & 0xff;
	}

	static int indexOf(byte[] data, int length, byte[] marker) {
		outer: for (int i = 0; i + marker.length <= length; i++) {
			for (int j = 0; j < marker.length; j++) {
				if (data[i + j] != marker[j]) {
					continue outer;
				}
			}
			return i;
		}
		return -1;
	}

	/** The whole request a callback sender writes: built once, before the timed phase. */
	static byte[] post(String host, int port, String path, String[] headers, byte[] body) {
		StringBuilder head = new StringBuilder(256).append("POST ")
			.append(path)
			.append(" HTTP/1.1\r\nHost: ")
			.append(host)
			.append(':')
			.append(port)
			.append("\r\n");
		for (int i = 0; i < headers.length; i += 2) {
			head.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
		}
		head.append("Content-Length: ").append(body.length).append("\r\n\r\n");
		byte[] h = head.toString().getBytes(StandardCharsets.ISO_8859_1);
		byte[] request = Arrays.copyOf(h, h.length + body.length);
		System.arraycopy(body, 0, request, h.length, body.length);
		return request;
	}

	@Override
	public void close() {
		if (this.socket != null) {
			try {
				this.socket.close();
			}
			catch (IOException ex) {
				// closing a connection we no longer use: nothing to recover
			}
			this.socket = null;
		}
	}

}
