package io.payonce.platform.http;

import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

import io.payonce.platform.Golden;
import io.payonce.platform.PlatformPayment;
import io.payonce.platform.QueryAnswer;
import io.payonce.platform.StatementUnavailableException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SimulatorPaymentPlatformTest {

	@Test
	void aPaidAnswerListsEveryPaymentOfTheOrderOldestFirst() {
		QueryAnswer answer = SimulatorPaymentPlatform.readQuery("P20260928001", Golden.read("query-paid.v1.json"));

		assertThat(answer).isEqualTo(new QueryAnswer.Paid("P20260928001",
				List.of(payment("PN20260928001", "2026-09-28T02:00:12Z"),
						payment("PN20260928002", "2026-09-28T02:00:29Z"))));
	}

	@Test
	void aNotPaidAnswerIsNotPaid() {
		QueryAnswer answer = SimulatorPaymentPlatform.readQuery("P20260928003", Golden.read("query-not-paid.v1.json"));

		assertThat(answer).isEqualTo(new QueryAnswer.NotPaid("P20260928003"));
	}

	@Test
	void anAnswerAboutAnotherOrderIsUnknown() {
		QueryAnswer answer = SimulatorPaymentPlatform.readQuery("P-OTHER", Golden.read("query-paid.v1.json"));

		assertThat(answer).isInstanceOf(QueryAnswer.Unknown.class);
		assertThat(((QueryAnswer.Unknown) answer).reason()).isEqualTo("the answer is for order P20260928001");
	}

	@Test
	void doubtfulAnswersAreUnknownNeverNotPaid() {
		String paid = new String(Golden.read("query-paid.v1.json"), StandardCharsets.UTF_8);

		assertThat(read("P20260928001", paid.replace("\"199.00\"", "\"199.001\""))).contains("199.001");
		assertThat(read("P20260928001", paid.replace("\"userId\": 10086", "\"userId\": \"10086\""))).contains("userId");
		assertThat(read("P20260928001", paid.replace("\"2026-09-28T02:00:12Z\"", "\"yesterday\""))).contains("yesterday");
		assertThat(read("P20260928001", paid.replace("\"state\": \"PAID\"", "\"state\": \"REFUNDED\"")))
			.isEqualTo("unknown state REFUNDED");
		assertThat(read("P20260928001", paid.replace("\"state\": \"PAID\"", "\"state\": \"NOT_PAID\"")))
			.isEqualTo("NOT_PAID with 2 payment(s)");
		assertThat(read("P1", "{\"orderNo\":\"P1\",\"state\":\"PAID\",\"payments\":[]}"))
			.contains("at least one payment");
		assertThat(read("P1", "{\"orderNo\":\"P1\",\"state\":\"NOT_PAID\"}")).isEqualTo("the answer has no payments array");
		assertThat(read("P1", "<html>")).startsWith("unreadable answer");
	}

	@Test
	void anUnreachablePlatformIsUnknownForQueriesAndUnavailableForStatements() throws Exception {
		// given a port nobody listens on
		int port;
		try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
			port = socket.getLocalPort();
		}
		SimulatorPaymentPlatform platform = new SimulatorPaymentPlatform(URI.create("http://127.0.0.1:" + port),
				Duration.ofSeconds(2));

		// when / then
		assertThat(platform.query("P1")).isInstanceOf(QueryAnswer.Unknown.class);
		assertThatExceptionOfType(StatementUnavailableException.class)
			.isThrownBy(() -> platform.statement(LocalDate.parse("2026-09-28")))
			.satisfies(ex -> assertThat(ex.notReady()).isFalse());
	}

	private static String read(String orderNo, String body) {
		QueryAnswer answer = SimulatorPaymentPlatform.readQuery(orderNo, body.getBytes(StandardCharsets.UTF_8));
		assertThat(answer).isInstanceOf(QueryAnswer.Unknown.class);
		return ((QueryAnswer.Unknown) answer).reason();
	}

	private static PlatformPayment payment(String payNo, String paidAt) {
		return new PlatformPayment(payNo, "P20260928001", 10086, new BigDecimal("199.00"), "CNY", "SUCCESS",
				Instant.parse(paidAt));
	}

}
