package io.payonce.gateway.it;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import io.payonce.contract.TimelineFact;
import io.payonce.infra.LocalStack;
import io.payonce.infra.pipeline.TimelineTopic;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;
import static org.awaitility.Awaitility.await;

/**
 * Issue 17: every callback answer the gateway gives about an order it trusts is a CALLBACK fact on
 * {@code pay.timeline} (the real broker of the local stack), keyed by the orderNo, in the callback's own trace.
 */
class CallbackAnswersArePublishedToTheTimelineIT extends GatewayIntegrationTest {

	private static final String FIRST_TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

	private static final String SECOND_TRACE_ID = "0af7651916cd43dd8448eb211c80319c";

	private final TimelineTopic timeline = new TimelineTopic(LocalStack.shared().kafka().bootstrapServers());

	@Test
	void anAcceptedCallbackAndItsDuplicateAreTwoFactsInTheirCallbacksTraces() {
		// given a payment the platform reports, then reports again, each call in its own trace
		String id = newId();
		String body = aCallbackBody(id, "12.50");

		// when
		HttpResponse<String> first = postSignedWith(body, "traceparent", "00-" + FIRST_TRACE_ID + "-00f067aa0ba902b7-01");
		HttpResponse<String> again = postSignedWith(body, "traceparent", "00-" + SECOND_TRACE_ID + "-b7ad6b7169203331-01");

		// then the answers were ACCEPTED and DUPLICATE
		assertThat(first.body()).contains("ACCEPTED");
		assertThat(again.body()).contains("DUPLICATE");
		// and the timeline has both, in order, each with its callback's trace and what decided it
		String orderNo = "O-" + id;
		List<TimelineFact> facts = await().atMost(Duration.ofSeconds(30))
			.until(() -> this.timeline.facts(orderNo), (found) -> found.size() >= 2);
		assertThat(facts).hasSize(2);
		assertThat(facts).extracting(TimelineFact::step).containsOnly(TimelineFact.Step.CALLBACK);
		assertThat(facts).extracting(TimelineFact::service).containsOnly("producer-gateway");
		assertThat(facts).extracting(TimelineFact::instance).doesNotContain("");
		assertThat(facts).extracting(TimelineFact::decision).containsExactly("ACCEPTED", "DUPLICATE");
		assertThat(facts).extracting(TimelineFact::traceId).containsExactly(FIRST_TRACE_ID, SECOND_TRACE_ID);
		String eventId = this.jdbc.sql("SELECT id FROM t_outbox WHERE aggregateid = ?")
			.params(orderNo)
			.query(String.class)
			.single();
		assertThat(facts.get(0).detail()).contains(entry("payNo", "N-" + id), entry("amount", "12.50"),
				entry("currency", "CNY"), entry("httpStatus", "200"), entry("rule", "new-payment"),
				entry("eventId", eventId));
		assertThat(facts.get(1).detail()).contains(entry("httpStatus", "200"), entry("rule", "same-payment"),
				entry("uniqueKey", "uk_pay_no"))
			.doesNotContainKey("eventId");
	}

	@Test
	void aConflictingCallbackIsAFactOfIts409() {
		// given a recorded payment
		String id = newId();
		postSigned(aCallbackBody(id, "12.50"));

		// when the same payNo comes with another amount
		HttpResponse<String> conflict = postSigned(aCallbackBody(id, "13.00"));

		// then
		assertThat(conflict.statusCode()).isEqualTo(409);
		List<TimelineFact> facts = await().atMost(Duration.ofSeconds(30))
			.until(() -> this.timeline.facts("O-" + id), (found) -> found.size() >= 2);
		assertThat(facts).extracting(TimelineFact::decision).containsExactly("ACCEPTED", "CONFLICT");
		assertThat(facts.get(1).detail()).contains(entry("httpStatus", "409"), entry("conflictingFields", "amount"),
				entry("amount", "13.00"));
	}

}
