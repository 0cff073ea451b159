package io.payonce.dlt.console.web;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import io.payonce.dlt.config.ConsoleProperties;
import io.payonce.ops.security.OpsSecurityAutoConfiguration;
import io.payonce.dlt.console.ReplayRateLimit;
import io.payonce.dlt.console.ReplayService;
import io.payonce.dlt.forecast.OrderFacts;
import io.payonce.dlt.forecast.OrderLedger;
import io.payonce.dlt.forecast.ReplayForecaster;
import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.AuditTrail;
import io.payonce.dlt.terminal.ListAuditTrail;
import io.payonce.dlt.terminal.TerminalIndex;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.dlt.terminal.TerminalStatus;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.hasItem;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** The real security configuration with the local profile's users: 401 without credentials, 403 for VIEWER. */
@WebMvcTest(controllers = TerminalController.class)
@ImportAutoConfiguration(OpsSecurityAutoConfiguration.class)
@Import(ConsoleAccessTest.Fixture.class)
@ActiveProfiles("local")
class ConsoleAccessTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:00Z");

	@Autowired
	private MockMvc mvc;

	@Autowired
	private TerminalIndex index;

	@Autowired
	private List<String> published;

	@Autowired
	private FakeLedger ledger;

	/** A fresh record per test: the Spring context (and its index) is shared between the tests. */
	private String eventId;

	@BeforeEach
	void aTerminalRecord() {
		this.eventId = "evt-" + UUID.randomUUID();
		this.index.arrived(new TerminalRecord(this.eventId, "P20260928001", "PaySuccess", "RETRIES_EXHAUSTED", null,
				"balance too low", 6, T0, T0, "{\"orderNo\":\"P20260928001\"}", Map.of(), List.of(), "0:" + this.eventId,
				TerminalStatus.OPEN, null, null, null));
		this.published.clear();
	}

	@Test
	void withoutCredentialsEverythingIs401() throws Exception {
		this.mvc.perform(get("/api/v1/terminal"))
			.andExpect(status().isUnauthorized())
			.andExpect(header().exists("WWW-Authenticate"));
		this.mvc.perform(post("/api/v1/terminal/" + this.eventId + "/replay").contentType(MediaType.APPLICATION_JSON).content("{}"))
			.andExpect(status().isUnauthorized());
		this.mvc.perform(get("/api/v1/terminal").with(httpBasic("admin", "wrong"))).andExpect(status().isUnauthorized());
		assertThat(this.published).isEmpty();
	}

	@Test
	void aViewerReadsButCannotReplayOrResolve() throws Exception {
		this.mvc.perform(get("/api/v1/terminal").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$[*].eventId", hasItem(this.eventId)));
		this.mvc.perform(get("/api/v1/terminal/" + this.eventId).with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.payload").value("{\"orderNo\":\"P20260928001\"}"));

		this.mvc
			.perform(post("/api/v1/terminal/" + this.eventId + "/replay").with(httpBasic("viewer", "viewer-local"))
				.contentType(MediaType.APPLICATION_JSON)
				.content("{}"))
			.andExpect(status().isForbidden());
		this.mvc
			.perform(post("/api/v1/terminal/" + this.eventId + "/resolve").with(httpBasic("viewer", "viewer-local"))
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"note\":\"x\"}"))
			.andExpect(status().isForbidden());
		this.mvc
			.perform(post("/api/v1/terminal/replay").with(httpBasic("viewer", "viewer-local"))
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"dryRun\":false}"))
			.andExpect(status().isForbidden());
		assertThat(this.published).isEmpty();
	}

	@Test
	void theListPagesNewestFirstAndAWrongParameterIsA400NamingIt() throws Exception {
		// given two records of one order, one of them terminal a minute later
		String orderNo = "P-" + UUID.randomUUID();
		this.index.arrived(new TerminalRecord(this.eventId, orderNo, "PaySuccess", "RETRIES_EXHAUSTED", null,
				"balance too low", 6, T0, T0, "{}", Map.of(), List.of(), "1:" + this.eventId, TerminalStatus.OPEN, null,
				null, null));
		String later = "evt-later-" + UUID.randomUUID();
		this.index.arrived(new TerminalRecord(later, orderNo, "PaySuccess", "RETRIES_EXHAUSTED", null,
				"balance too low", 6, T0, T0.plusSeconds(60), "{}", Map.of(), List.of(), "0:" + later,
				TerminalStatus.OPEN, null, null, null));

		// when a viewer reads pages of one record for that order, then the later record comes first
		String next = this.mvc
			.perform(get("/api/v1/terminal?size=1&orderNo=" + orderNo).with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$[0].eventId").value(later))
			.andExpect(header().exists(TerminalController.NEXT_PAGE))
			.andReturn()
			.getResponse()
			.getHeader(TerminalController.NEXT_PAGE);
		this.mvc
			.perform(get("/api/v1/terminal").param("orderNo", orderNo)
				.param("size", "1")
				.param("before", next)
				.with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$[0].eventId").value(this.eventId));

		// and a link with a wrong status is answered with a problem that names the parameter
		this.mvc.perform(get("/api/v1/terminal?status=PENDING").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isBadRequest())
			.andExpect(header().string("Content-Type", MediaType.APPLICATION_PROBLEM_JSON_VALUE))
			.andExpect(jsonPath("$.parameter").value("status"));
	}

	@Test
	void anAdminReplaysOnceAndTheRecordIsMarkedReplayed() throws Exception {
		this.mvc
			.perform(post("/api/v1/terminal/" + this.eventId + "/replay").with(httpBasic("admin", "admin-local"))
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"dryRun\":false}"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.dryRun").value(false))
			.andExpect(jsonPath("$.replayed[0]").value(this.eventId));

		assertThat(this.published).containsExactly(this.eventId);
		assertThat(this.index.find(this.eventId).orElseThrow().status()).isEqualTo(TerminalStatus.REPLAYED);
	}

	@Test
	void aDryRunSaysPerRecordWhetherTheReplayWouldDeductNowAndAReplayCarriesNoForecast() throws Exception {
		// given a terminal PaySuccess of 199.00 CNY whose INIT order's payer holds 10.00 CNY
		String orderNo = "P-" + UUID.randomUUID();
		String payment = "{\"payNo\":\"PAY-1\",\"orderNo\":\"" + orderNo + "\",\"userId\":10086,"
				+ "\"amount\":\"199.00\",\"currency\":\"CNY\",\"paidAt\":\"2026-09-28T02:00:00Z\"}";
		this.index.arrived(new TerminalRecord(this.eventId, orderNo, "PaySuccess", "RETRIES_EXHAUSTED", null,
				"insufficient balance", 6, T0, T0, payment, Map.of(), List.of(), "2:" + this.eventId,
				TerminalStatus.OPEN, null, null, null));
		this.ledger.orders.put(orderNo, new OrderFacts(orderNo, "INIT", 10086, new BigDecimal("199.00"), "CNY", null,
				new OrderFacts.Account(new BigDecimal("10.00"), "CNY")));

		// when an admin asks for a dry run, then the answer says it would fail and why
		this.mvc
			.perform(post("/api/v1/terminal/replay").with(httpBasic("admin", "admin-local"))
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"eventIds\":[\"" + this.eventId + "\"]}"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.dryRun").value(true))
			.andExpect(jsonPath("$.forecasts[0].eventId").value(this.eventId))
			.andExpect(jsonPath("$.forecasts[0].orderNo").value(orderNo))
			.andExpect(jsonPath("$.forecasts[0].verdict").value("INSUFFICIENT_BALANCE"))
			.andExpect(jsonPath("$.forecasts[0].text").value("would fail: balance 10.00 < amount 199.00"));

		// and after a top-up of the ledger it would succeed; the real replay then carries no forecast
		this.ledger.orders.put(orderNo, new OrderFacts(orderNo, "INIT", 10086, new BigDecimal("199.00"), "CNY", null,
				new OrderFacts.Account(new BigDecimal("500.00"), "CNY")));
		this.mvc
			.perform(post("/api/v1/terminal/" + this.eventId + "/replay").with(httpBasic("admin", "admin-local"))
				.contentType(MediaType.APPLICATION_JSON)
				.content("{}"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.forecasts[0].verdict").value("WOULD_DEDUCT"));
		this.mvc
			.perform(post("/api/v1/terminal/" + this.eventId + "/replay").with(httpBasic("admin", "admin-local"))
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"dryRun\":false}"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.replayed[0]").value(this.eventId))
			.andExpect(jsonPath("$.forecasts").isEmpty());
		assertThat(this.published).containsExactly(this.eventId);
	}

	@Test
	void aReplayWhoseBodySaysNothingIsADryRun() throws Exception {
		this.mvc
			.perform(post("/api/v1/terminal/" + this.eventId + "/replay").with(httpBasic("admin", "admin-local"))
				.contentType(MediaType.APPLICATION_JSON)
				.content("{}"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.dryRun").value(true))
			.andExpect(jsonPath("$.selected[0].eventId").value(this.eventId))
			.andExpect(jsonPath("$.replayed").isEmpty());

		assertThat(this.published).isEmpty();
		assertThat(this.index.find(this.eventId).orElseThrow().status()).isEqualTo(TerminalStatus.OPEN);
	}

	@Test
	void aReplayWithoutABodyIsRefused() throws Exception {
		// no body and no Content-Type: what a cross-site form or an <img> could send
		this.mvc.perform(post("/api/v1/terminal/" + this.eventId + "/replay").with(httpBasic("admin", "admin-local")))
			.andExpect(status().isUnsupportedMediaType());
		// the JSON type, but nothing in it
		this.mvc
			.perform(post("/api/v1/terminal/" + this.eventId + "/replay").with(httpBasic("admin", "admin-local"))
				.contentType(MediaType.APPLICATION_JSON))
			.andExpect(status().isBadRequest());

		assertThat(this.published).isEmpty();
		assertThat(this.index.find(this.eventId).orElseThrow().status()).isEqualTo(TerminalStatus.OPEN);
	}

	@Test
	void aBodilessCrossSiteReplayIsRefusedBeforeAnythingElse() throws Exception {
		// a page on another site posts with the admin's cached credentials: refused whatever it sends
		this.mvc
			.perform(post("/api/v1/terminal/" + this.eventId + "/replay").with(httpBasic("admin", "admin-local"))
				.header("Sec-Fetch-Site", "cross-site")
				.header("Origin", "https://evil.example"))
			.andExpect(status().isForbidden())
			.andExpect(jsonPath("$.reason").value("cross_origin"));
		this.mvc
			.perform(post("/api/v1/terminal/" + this.eventId + "/replay").with(httpBasic("admin", "admin-local"))
				.header("Origin", "https://evil.example")
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"dryRun\":false}"))
			.andExpect(status().isForbidden());
		this.mvc
			.perform(post("/api/v1/terminal/" + this.eventId + "/resolve").with(httpBasic("admin", "admin-local"))
				.header("Sec-Fetch-Site", "same-site")
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"note\":\"x\"}"))
			.andExpect(status().isForbidden());

		assertThat(this.published).isEmpty();
		assertThat(this.index.find(this.eventId).orElseThrow().status()).isEqualTo(TerminalStatus.OPEN);
	}

	@Test
	void theConsolesOwnPageMayReplay() throws Exception {
		// what the browser sends for console.js's fetch() from the handler's own origin
		this.mvc
			.perform(post("/api/v1/terminal/" + this.eventId + "/replay").with(httpBasic("admin", "admin-local"))
				.header("Sec-Fetch-Site", "same-origin")
				.header("Origin", "http://localhost")
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"dryRun\":false}"))
			.andExpect(status().isOk());

		assertThat(this.published).containsExactly(this.eventId);
	}

	@Test
	void aBulkReplayIsADryRunUnlessSaidOtherwise() throws Exception {
		this.mvc
			.perform(post("/api/v1/terminal/replay").with(httpBasic("admin", "admin-local"))
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"filter\":{\"reason\":\"RETRIES_EXHAUSTED\"}}"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.dryRun").value(true))
			.andExpect(jsonPath("$.selected[*].eventId", hasItem(this.eventId)));

		assertThat(this.published).isEmpty();
	}

	@Test
	void aFormPostCannotTriggerAReplay() throws Exception {
		// a cross-site form can only send form encodings; writes accept JSON only
		this.mvc
			.perform(post("/api/v1/terminal/" + this.eventId + "/replay").with(httpBasic("admin", "admin-local"))
				.contentType(MediaType.APPLICATION_FORM_URLENCODED)
				.content("dryRun=false"))
			.andExpect(status().isUnsupportedMediaType());
		assertThat(this.published).isEmpty();
	}

	@TestConfiguration
	@EnableConfigurationProperties(ConsoleProperties.class)
	static class Fixture {

		@Bean
		Clock clock() {
			return Clock.fixed(T0, ZoneOffset.UTC);
		}

		@Bean
		TerminalIndex terminalIndex() {
			return new TerminalIndex();
		}

		@Bean
		List<String> published() {
			return new CopyOnWriteArrayList<>();
		}

		/** Replays are committed with the turn: the event ids of the committed ones are "published". */
		@Bean
		AuditTrail auditTrail(TerminalIndex index, List<String> published) {
			return new ListAuditTrail(index) {

				@Override
				protected void commit(List<AuditEntry> entries, List<String> replays) {
					replays.forEach((replay) -> published.add(replay.substring(0, replay.indexOf('@'))));
				}

			};
		}

		@Bean
		FakeLedger fakeLedger() {
			return new FakeLedger();
		}

		@Bean
		ReplayForecaster replayForecaster(FakeLedger ledger) {
			return new ReplayForecaster(ledger);
		}

		@Bean
		ReplayService replayService(TerminalIndex index, AuditTrail audit, Clock clock) {
			return new ReplayService(index, audit, new ReplayRateLimit(100, Duration.ofMinutes(1)), clock);
		}

	}

	/** The ledger as the test sets it (the HTTP adapter is tested against the real reconciliation in e2e). */
	static final class FakeLedger implements OrderLedger {

		final Map<String, OrderFacts> orders = new ConcurrentHashMap<>();

		@Override
		public Optional<OrderFacts> find(String orderNo) {
			return Optional.ofNullable(this.orders.get(orderNo));
		}

	}

}
