package io.payonce.gateway.it;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ParallelIdenticalCallbacksWriteOneEventIT extends GatewayIntegrationTest {

	private static final int CALLERS = 50;

	@Test
	void fiftyParallelIdenticalCallbacksGiveOneAcceptedAndOneEvent() throws Exception {
		// given one signed callback
		String id = newId();
		String body = aCallbackBody(id, "199.00");

		// when 50 callers released at the same moment send it
		List<String> results = postSignedConcurrently(body, CALLERS);

		// then
		Map<String, Long> counted = results.stream()
			.collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
		assertThat(counted).containsOnly(Map.entry("200 {\"result\":\"ACCEPTED\"}", 1L),
				Map.entry("200 {\"result\":\"DUPLICATE\"}", 49L));
		assertThat(outboxEvents("O-" + id)).isEqualTo(1);
		assertThat(payments("O-" + id)).isEqualTo(1);
		assertThat(this.jdbc.sql("SELECT duplicate_count FROM t_payment WHERE order_no = ?")
			.params("O-" + id)
			.query(Integer.class)
			.single()).isEqualTo(49);
	}

}
