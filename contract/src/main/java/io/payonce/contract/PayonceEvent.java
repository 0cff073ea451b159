package io.payonce.contract;

/** Every event PayOnce publishes. Sealed: a consumer's pattern switch must handle each one. */
public sealed interface PayonceEvent permits PaySuccess, PayDeducted, DuplicatePayment {

	/** The aggregate id and Kafka record key. */
	String orderNo();

}
