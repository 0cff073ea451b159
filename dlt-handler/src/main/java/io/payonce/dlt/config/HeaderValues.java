package io.payonce.dlt.config;

import java.nio.charset.StandardCharsets;

import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/** Reading the pipeline's headers: UTF-8 text (contract {@code PayonceHeaders}), the last one of a name wins. */
public final class HeaderValues {

	private HeaderValues() {
	}

	public static byte[] bytes(Headers headers, String name) {
		Header header = headers.lastHeader(name);
		return (header == null) ? null : header.value();
	}

	public static String text(Headers headers, String name) {
		byte[] value = bytes(headers, name);
		return (value == null) ? null : new String(value, StandardCharsets.UTF_8);
	}

	/** The header's number, or {@code fallback} when it is absent or not a number. */
	public static long numberOr(String text, long fallback) {
		if (text == null) {
			return fallback;
		}
		try {
			return Long.parseLong(text.trim());
		}
		catch (NumberFormatException ex) {
			return fallback;
		}
	}

}
