package io.payonce.gateway.it;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;

import io.payonce.infra.LocalStack;
import io.payonce.infra.MariaDbNode;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class DatabaseDownAnswers503IT extends GatewayIntegrationTest {

	@Test
	void databaseStoppedGives503AndTheRetryIsAcceptedOnce() {
		// given a callback never seen before, and a database that is down
		String id = newId();
		String body = aCallbackBody(id, "42.10");
		MariaDbNode mariaDb = LocalStack.shared().mariaDb();
		HttpResponse<String> whileDown;
		mariaDb.stop();
		try {
			// when
			whileDown = postSigned(body);
		}
		finally {
			mariaDb.start();
		}

		// then the platform is told to come back, not that it is done
		assertThat(whileDown.statusCode()).isEqualTo(503);
		assertThat(whileDown.headers().firstValue("Retry-After")).hasValue("3");
		assertThat(whileDown.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("application/problem+json"));

		// and when it retries after the database is back, the payment is accepted exactly once
		AtomicReference<HttpResponse<String>> retried = new AtomicReference<>();
		await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(500)).until(() -> {
			retried.set(postSigned(body));
			return retried.get().statusCode() != 503;
		});
		assertThat(retried.get().statusCode()).isEqualTo(200);
		assertThat(retried.get().body()).isEqualTo("{\"result\":\"ACCEPTED\"}");
		assertThat(postSigned(body).body()).isEqualTo("{\"result\":\"DUPLICATE\"}");
		assertThat(outboxEvents("O-" + id)).isEqualTo(1);
		assertThat(payments("O-" + id)).isEqualTo(1);
	}

}
