package io.payonce.platform;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The golden samples of the platform's answers ({@code src/main/resources/platform/}), read by both sides' tests. */
public final class Golden {

	private Golden() {
	}

	public static byte[] read(String name) {
		try (InputStream in = Golden.class.getResourceAsStream("/platform/" + name)) {
			if (in == null) {
				throw new IllegalStateException("no golden file /platform/" + name);
			}
			return in.readAllBytes();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
