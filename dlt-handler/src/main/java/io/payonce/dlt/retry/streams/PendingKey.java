package io.payonce.dlt.retry.streams;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import org.apache.kafka.common.utils.Bytes;

/**
 * Store key of a pending retry: 8 bytes big-endian due time (epoch millis) followed by the UTF-8 event id.
 * The store orders keys by unsigned bytes, so a scan from the start visits pending records by due time and
 * can stop at the first one not yet due. The event id makes the key unique per event: a record rewritten
 * after a crash overwrites its own entry instead of adding a second one.
 */
record PendingKey(Instant dueAt, String eventId) {

	static Bytes encode(Instant dueAt, String eventId) {
		byte[] id = eventId.getBytes(StandardCharsets.UTF_8);
		// due times before 1970 do not occur; clamp so the sign bit never breaks the byte order
		long millis = Math.max(0L, dueAt.toEpochMilli());
		return Bytes.wrap(ByteBuffer.allocate(Long.BYTES + id.length).putLong(millis).put(id).array());
	}

	static PendingKey decode(Bytes key) {
		ByteBuffer buffer = ByteBuffer.wrap(key.get());
		Instant dueAt = Instant.ofEpochMilli(buffer.getLong());
		byte[] id = new byte[buffer.remaining()];
		buffer.get(id);
		return new PendingKey(dueAt, new String(id, StandardCharsets.UTF_8));
	}

}
