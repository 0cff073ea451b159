package io.payonce.simulator.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

import io.payonce.platform.PaymentPlatform;
import io.payonce.platform.QueryAnswer;
import io.payonce.platform.Statement;
import io.payonce.platform.StatementRow;
import io.payonce.platform.StatementUnavailableException;
import io.payonce.platform.http.SimulatorPaymentPlatform;
import io.payonce.simulator.SimulatorApplication;
import io.payonce.simulator.api.ChargeSpec;
import io.payonce.simulator.api.ChargeView;
import io.payonce.simulator.api.PaymentView;
import io.payonce.simulator.client.SimulatorClient;
import io.payonce.simulator.client.SimulatorClient.SimulatorException;
import io.payonce.simulator.payment.Fault;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

/**
 * The simulator application on a free port, spoken to only over HTTP: by its own client (charges) and by
 * platform-api's {@link SimulatorPaymentPlatform} (query, statement), as reconciliation will. No gateway here:
 * callbacks go to a port nobody listens on (the callbacks against a real gateway are e2e-tests'
 * {@code PlatformSimulatorCallbacksIT}).
 */
class SimulatorApiIT {

	@TempDir
	Path dataDir;

	private final int port = freePort();

	@Test
	void thePortAdapterReadsTheSimulatorsQueryAndStatementAndAPaymentSurvivesARestart() {
		LocalDate yesterday = LocalDate.now(ZoneOffset.UTC).minusDays(1);
		Instant lastSecondOfYesterday = yesterday.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant().minusSeconds(1);
		ChargeView twice;
		try (ConfigurableApplicationContext simulator = start()) {
			SimulatorClient client = new SimulatorClient(baseUrl());
			PaymentPlatform platform = new SimulatorPaymentPlatform(URI.create(baseUrl()), Duration.ofSeconds(5));

			// given an order charged twice yesterday, the second charge 17 s later, i.e. today
			twice = client.charge(ChargeSpec.of("ORD-TWICE", 10086, new BigDecimal("199.00"))
				.withPaidAt(lastSecondOfYesterday.minusSeconds(10))
				.withFaults(Fault.CHARGE_TWICE, Fault.MISSTATE_STATEMENT_AMOUNT));
			client.charge(ChargeSpec.of("ORD-LAST", 10087, new BigDecimal("12.50")).withPaidAt(lastSecondOfYesterday)
				.withFaults());

			// when PayOnce asks through the port
			QueryAnswer paid = platform.query("ORD-TWICE");
			QueryAnswer notPaid = platform.query("ORD-NEVER");
			Statement statement = platform.statement(yesterday);

			// then the query lists both payments with the charged amount, an unknown order is not paid
			assertThat(paid).isInstanceOf(QueryAnswer.Paid.class);
			assertThat(((QueryAnswer.Paid) paid).payments()).extracting(payment -> payment.payNo())
				.containsExactly(twice.payments().get(0).payNo(), twice.payments().get(1).payNo());
			assertThat(((QueryAnswer.Paid) paid).payments()).allSatisfy(
					payment -> assertThat(payment.amount()).isEqualByComparingTo("199.00"));
			assertThat(notPaid).isEqualTo(new QueryAnswer.NotPaid("ORD-NEVER"));
			// and yesterday's statement holds the first charge (misstated by 0.01) and the last second, not today's
			assertThat(statement.errors()).isEmpty();
			assertThat(statement.payments()).extracting(StatementRow::orderNo, row -> row.amount().toPlainString())
				.containsExactly(tuple("ORD-TWICE", "199.01"),
						tuple("ORD-LAST", "12.50"));
			assertThatExceptionOfType(StatementUnavailableException.class)
				.isThrownBy(() -> platform.statement(LocalDate.now(ZoneOffset.UTC)))
				.satisfies(ex -> assertThat(ex.notReady()).isTrue());
			// and a refused charge is a precise 4xx
			assertThatExceptionOfType(SimulatorException.class)
				.isThrownBy(() -> client.charge(ChargeSpec.of("ORD-TWICE", 10086, new BigDecimal("1.00"))))
				.satisfies(ex -> assertThat(ex.status()).isEqualTo(409))
				.satisfies(ex -> assertThat(ex.body()).contains("ORDER_ALREADY_PAID"));
			assertThatExceptionOfType(SimulatorException.class)
				.isThrownBy(() -> client.charge(ChargeSpec.of("ORD-BAD", 10086, new BigDecimal("1.001"))))
				.satisfies(ex -> assertThat(ex.status()).isEqualTo(400))
				.satisfies(ex -> assertThat(ex.body()).contains("\"field\":\"amount\""));
			assertThat(rawPost("{\"orderNo\":\"ORD-X\",\"userId\":1,\"amount\":\"1.00\",\"currency\":\"CNY\",\"faults\":[\"NOPE\"]}"))
				.satisfies(response -> assertThat(response.statusCode()).isEqualTo(400))
				.satisfies(response -> assertThat(response.body()).contains("\"field\":\"faults\""));
			// (the first callback attempt, to a port nobody listens on, is recorded before the restart)
			String firstPayNo = twice.payments().get(0).payNo();
			await().atMost(Duration.ofSeconds(30))
				.until(() -> !client.payment(firstPayNo).callbacks().get(0).attempts().isEmpty());
		}

		// when the simulator is restarted on the same data
		try (ConfigurableApplicationContext restarted = start()) {
			SimulatorClient client = new SimulatorClient(baseUrl());
			PaymentPlatform platform = new SimulatorPaymentPlatform(URI.create(baseUrl()), Duration.ofSeconds(5));

			// then it has its payments, their callback attempts and the issued statement, unchanged
			List<PaymentView> payments = client.paymentsOf("ORD-TWICE");
			assertThat(payments).extracting(PaymentView::payNo)
				.containsExactly(twice.payments().get(0).payNo(), twice.payments().get(1).payNo());
			assertThat(payments.get(0).callbacks()).singleElement()
				.satisfies(callback -> assertThat(callback.attempts()).isNotEmpty());
			assertThat(platform.statement(yesterday).payments()).hasSize(2);
			assertThat(client.summary().payments()).isEqualTo(3);
			// and the next payNo continues the sequence
			String next = client.charge(ChargeSpec.of("ORD-AFTER", 10086, new BigDecimal("5.00")).withFaults())
				.payments()
				.get(0)
				.payNo();
			assertThat(next).endsWith("-00000004");
		}
	}

	@Test
	void aPlatformThatIsDownIsUnknownNeverNotPaid() {
		PaymentPlatform down = new SimulatorPaymentPlatform(URI.create(baseUrl()), Duration.ofSeconds(2));

		assertThat(down.query("ORD-1")).isInstanceOf(QueryAnswer.Unknown.class);
	}

	private ConfigurableApplicationContext start() {
		return new SpringApplicationBuilder(SimulatorApplication.class).run("--server.port=" + this.port,
				"--spring.profiles.active=local", "--payonce.simulator.data-dir=" + this.dataDir,
				"--payonce.simulator.callback.gateway-url=http://127.0.0.1:" + freePort(),
				"--payonce.simulator.callback.retry-delays=200ms", "--payonce.simulator.callback.window=1s");
	}

	private String baseUrl() {
		return "http://127.0.0.1:" + this.port;
	}

	private HttpResponse<String> rawPost(String body) {
		try {
			return HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create(baseUrl() + "/api/v1/payments"))
					.header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers.ofString(body))
					.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
