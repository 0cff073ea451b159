package io.payonce.contract;

import java.util.Optional;

/** The event types carried in the {@code eventType} header and the outbox {@code type} column. */
public enum EventType {

	PAY_SUCCESS("PaySuccess", PaySuccess.class, Topic.PAY_SUCCESS),

	PAY_DEDUCTED("PayDeducted", PayDeducted.class, Topic.PAY_DEDUCTED),

	DUPLICATE_PAYMENT("DuplicatePayment", DuplicatePayment.class, Topic.PAY_REFUND_REQUIRED);

	private final String wireName;

	private final Class<? extends PayonceEvent> recordType;

	private final Topic topic;

	EventType(String wireName, Class<? extends PayonceEvent> recordType, Topic topic) {
		this.wireName = wireName;
		this.recordType = recordType;
		this.topic = topic;
	}

	public String wireName() {
		return this.wireName;
	}

	public Class<? extends PayonceEvent> recordType() {
		return this.recordType;
	}

	/** The topic this event type is published to (the outbox {@code aggregatetype}). */
	public Topic topic() {
		return this.topic;
	}

	public static Optional<EventType> ofWireName(String wireName) {
		for (EventType type : values()) {
			if (type.wireName.equals(wireName)) {
				return Optional.of(type);
			}
		}
		return Optional.empty();
	}

	public static EventType of(PayonceEvent event) {
		return ofRecordType(event.getClass());
	}

	/** The event type whose record is {@code recordType}; every {@link PayonceEvent} record has one. */
	public static EventType ofRecordType(Class<? extends PayonceEvent> recordType) {
		for (EventType type : values()) {
			if (type.recordType == recordType) {
				return type;
			}
		}
		throw new IllegalArgumentException("No event type for " + recordType);
	}

}
