package io.payonce.gateway.it;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ParallelIdenticalCallbacksWriteOneEventIT extends GatewayIntegrationTest {

	private static final int CALLERS = 50;

	@Test
	void fiftyParallelIdenticalCallbacksGiveOneAcceptedAndOneEvent() throws Exception {
		// given one signed callback, sent by 50 callers released at the same moment
		String id = newId();
		String body = aCallbackBody(id, "199.00");
		CountDownLatch start = new CountDownLatch(1);
		List<Future<HttpResponse<String>>> answers = new ArrayList<>();
		ExecutorService callers = Executors.newFixedThreadPool(CALLERS);
		try {
			for (int i = 0; i < CALLERS; i++) {
				answers.add(callers.submit(() -> {
					start.await();
					return postSigned(body);
				}));
			}

			// when
			start.countDown();
			List<String> results = new ArrayList<>();
			for (Future<HttpResponse<String>> answer : answers) {
				HttpResponse<String> response = answer.get();
				results.add(response.statusCode() + " " + response.body());
			}

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
		finally {
			callers.shutdownNow();
		}
	}

}
