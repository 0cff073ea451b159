package io.payonce.gateway.callback.web;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The body as it arrived, at most the limit, whether its length was declared or it came chunked. */
class BoundedBodyReaderTest {

	private static final byte[] BODY = "{\"payNo\":\"PN1\"}".getBytes(StandardCharsets.UTF_8);

	private final BoundedBodyReader reader = new BoundedBodyReader(16);

	@Test
	void aDeclaredBodyIsReadWhole() throws IOException {
		assertThat(this.reader.read(BODY.length, new ByteArrayInputStream(BODY))).isEqualTo(BODY);
	}

	@Test
	void aChunkedBodyIsReadWhole() throws IOException {
		assertThat(this.reader.read(-1, new ByteArrayInputStream(BODY))).isEqualTo(BODY);
	}

	@Test
	void aBodyShorterThanDeclaredIsWhatArrived() throws IOException {
		// given a client that declared more than it sent before closing
		byte[] read = this.reader.read(BODY.length, new ByteArrayInputStream(BODY, 0, 5));

		assertThat(read).isEqualTo(java.util.Arrays.copyOf(BODY, 5));
	}

	@Test
	void aDeclaredLengthOverTheLimitIsRefusedBeforeReading() {
		assertThatThrownBy(() -> this.reader.read(17, new ByteArrayInputStream(new byte[0])))
			.isInstanceOf(BodyTooLargeException.class);
	}

	@Test
	void aChunkedBodyOverTheLimitIsRefused() {
		assertThatThrownBy(() -> this.reader.read(-1, new ByteArrayInputStream(new byte[17])))
			.isInstanceOf(BodyTooLargeException.class);
	}

	@Test
	void aChunkedBodyAtTheLimitIsRead() throws IOException {
		assertThat(this.reader.read(-1, new ByteArrayInputStream(new byte[16]))).hasSize(16);
	}

}
