package io.payonce.dlt.terminal.kafka;

import java.nio.charset.StandardCharsets;

import io.payonce.dlt.terminal.AuditEntry;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One link of the audit chain as the value of an audit-topic record: {@code {"previous":…,"hash":…,"entry":{…}}},
 * the entry in its canonical form (what the hash covers).
 */
final class AuditLinkJson {

	private static final JsonMapper MAPPER = JsonMapper.builder().build();

	private AuditLinkJson() {
	}

	static String canonical(AuditEntry entry) {
		return MAPPER.writeValueAsString(entry);
	}

	static byte[] encode(String previous, String hash, String canonicalEntry) {
		return ("{\"previous\":\"" + previous + "\",\"hash\":\"" + hash + "\",\"entry\":" + canonicalEntry + "}")
			.getBytes(StandardCharsets.UTF_8);
	}

	/** @throws JacksonException if the value is not a link */
	static Link decode(byte[] value) {
		JsonNode node = MAPPER.readTree(value);
		if (!node.has("hash") || !node.has("previous") || !node.has("entry")) {
			throw new IllegalArgumentException("not a link of the audit chain (previous, hash, entry)");
		}
		AuditEntry entry = MAPPER.treeToValue(node.get("entry"), AuditEntry.class);
		return new Link(node.get("previous").asString(), node.get("hash").asString(), entry, canonical(entry));
	}

	/** A decoded link; {@code canonical} is the entry re-encoded, which is what its hash must cover. */
	record Link(String previous, String hash, AuditEntry entry, String canonical) {

	}

}
