package io.payonce.gateway.it;

import java.net.http.HttpResponse;

import io.micrometer.core.instrument.MeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;

import static org.assertj.core.api.Assertions.assertThat;

class ConflictingCallbacksAreRefusedIT extends GatewayIntegrationTest {

	@Autowired
	MeterRegistry meters;

	@Test
	void sameOrderWithDifferentAmountIs409AndWritesNoEvent() {
		// given an accepted payment
		String id = newId();
		assertThat(postSigned(aCallbackBody(id, "199.00")).body()).isEqualTo("{\"result\":\"ACCEPTED\"}");
		double conflictsBefore = conflicts();

		// when the same orderNo and payNo arrive with another amount
		HttpResponse<String> answer = postSigned(aCallbackBody(id, "1.00"));

		// then
		assertThat(answer.statusCode()).isEqualTo(409);
		assertThat(answer.headers().firstValue("Content-Type")).hasValueSatisfying(
				(type) -> assertThat(type).startsWith("application/problem+json"));
		assertThat(answer.body()).contains("\"field\":\"amount\"");
		assertThat(outboxEvents("O-" + id)).isEqualTo(1);
		assertThat(this.jdbc.sql("SELECT amount FROM t_payment WHERE order_no = ?")
			.params("O-" + id)
			.query(java.math.BigDecimal.class)
			.single()).isEqualByComparingTo("199.00");
		assertThat(conflicts()).isEqualTo(conflictsBefore + 1);
	}

	@Test
	void samePayNoForAnotherOrderIs409AndWritesNothing() {
		// given
		String id = newId();
		postSigned(aCallbackBody(id, "199.00"));

		// when payNo N-<id> comes back for order O-other
		String other = newId();
		HttpResponse<String> answer = postSigned(aCallbackBody(id, "199.00").replace("O-" + id, "O-" + other));

		// then
		assertThat(answer.statusCode()).isEqualTo(409);
		assertThat(payments("O-" + other)).isZero();
		assertThat(outboxEvents("O-" + other)).isZero();
	}

	private double conflicts() {
		return this.meters.find("payonce.gateway.callbacks").tag("result", "conflict").counters().stream()
			.mapToDouble((counter) -> counter.count())
			.sum();
	}

}
