package io.payonce.gateway.callback.web;

import java.io.IOException;
import java.io.InputStream;

/**
 * Reads the raw body, at most {@code limit} bytes. The declared Content-Length is checked first, and the
 * stream is read with a bound anyway because chunked requests declare nothing.
 */
final class BoundedBodyReader {

	private final long limit;

	BoundedBodyReader(long limit) {
		if (limit <= 0 || limit >= Integer.MAX_VALUE) {
			throw new IllegalArgumentException("max-body-size must be between 1 byte and 2 GiB: " + limit);
		}
		this.limit = limit;
	}

	byte[] read(long declaredLength, InputStream in) throws IOException {
		if (declaredLength > this.limit) {
			throw new BodyTooLargeException(this.limit);
		}
		// A declared length is what Tomcat delivers at most: read exactly that into an array of its size (reading up to the
		// limit allocated a 16 KB buffer and a copy on every callback, issue 19). Chunked (-1): one byte past the limit
		// is enough to know it is too large.
		byte[] body = in.readNBytes((declaredLength >= 0) ? (int) declaredLength : (int) this.limit + 1);
		if (body.length > this.limit) {
			throw new BodyTooLargeException(this.limit);
		}
		return body;
	}

}
