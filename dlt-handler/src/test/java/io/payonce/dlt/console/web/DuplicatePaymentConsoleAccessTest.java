package io.payonce.dlt.console.web;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

import io.payonce.dlt.config.ConsoleProperties;
import io.payonce.dlt.refund.DuplicatePaymentEntry;
import io.payonce.dlt.refund.DuplicatePaymentIndex;
import io.payonce.dlt.refund.RefundDecision;
import io.payonce.dlt.refund.RefundService;
import io.payonce.dlt.terminal.ListAuditTrail;
import io.payonce.ops.security.OpsSecurityAutoConfiguration;
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
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * The duplicate-payments API under the console's real security configuration and default local users: VIEWER
 * lists, only ADMIN records a refund, with a JSON body and a note, once.
 */
@WebMvcTest(controllers = DuplicatePaymentController.class)
@ImportAutoConfiguration(OpsSecurityAutoConfiguration.class)
@Import(DuplicatePaymentConsoleAccessTest.Fixture.class)
@ActiveProfiles("local")
class DuplicatePaymentConsoleAccessTest {

	private static final Instant T0 = Instant.parse("2026-09-28T02:00:00Z");

	private static final Instant NOW = T0.plusSeconds(90);

	@Autowired
	private MockMvc mvc;

	@Autowired
	private DuplicatePaymentIndex index;

	@Autowired
	private List<RefundDecision> recorded;

	/** A fresh duplicate payment per test: the Spring context (and its index) is shared between the tests. */
	private String payNo;

	@BeforeEach
	void aDuplicatePayment() {
		this.payNo = "PN-" + UUID.randomUUID();
		this.index.arrived(DuplicatePaymentEntry.detected(this.payNo, "P20260928001", 10086L, new BigDecimal("199.00"),
				"CNY", T0.minusSeconds(30), "PN-FIRST", "GATEWAY", "evt-" + this.payNo, T0, "0:" + this.payNo, null));
		this.recorded.clear();
	}

	@Test
	void aViewerListsDuplicatePaymentsButCannotMarkThemRefunded() throws Exception {
		this.mvc.perform(get("/api/v1/duplicate-payments?state=OPEN").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$[?(@.payNo == '" + this.payNo + "')].firstPayNo").value("PN-FIRST"))
			.andExpect(jsonPath("$[?(@.payNo == '" + this.payNo + "')].amount").value("199.00"))
			.andExpect(jsonPath("$[?(@.payNo == '" + this.payNo + "')].ageSeconds").value(90))
			.andExpect(jsonPath("$[?(@.payNo == '" + this.payNo + "')].state").value("OPEN"));

		this.mvc
			.perform(post("/api/v1/duplicate-payments/" + this.payNo + "/refunded")
				.with(httpBasic("viewer", "viewer-local"))
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"note\":\"refund R-1\"}"))
			.andExpect(status().isForbidden());
		this.mvc
			.perform(post("/api/v1/duplicate-payments/" + this.payNo + "/refunded")
				.contentType(MediaType.APPLICATION_JSON)
				.content("{\"note\":\"refund R-1\"}"))
			.andExpect(status().isUnauthorized());
		assertThat(this.recorded).isEmpty();
	}

	@Test
	void anAdminMarksARefundOnceWithANote() throws Exception {
		this.mvc.perform(refunded(this.payNo, "{\"note\":\"refund R-1 at the platform\"}"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.changed").value(true))
			.andExpect(jsonPath("$.entry.state").value("REFUNDED"))
			.andExpect(jsonPath("$.entry.refundedBy").value("admin"))
			.andExpect(jsonPath("$.entry.note").value("refund R-1 at the platform"));

		this.mvc.perform(refunded(this.payNo, "{\"note\":\"again\"}"))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.changed").value(false))
			.andExpect(jsonPath("$.entry.note").value("refund R-1 at the platform"));

		assertThat(this.recorded).singleElement().satisfies((decision) -> assertThat(decision.by()).isEqualTo("admin"));
	}

	@Test
	void aRefundNeedsAJsonBodyWithANoteAndAListedPayment() throws Exception {
		this.mvc.perform(refunded(this.payNo, "{}")).andExpect(status().isBadRequest());
		this.mvc.perform(refunded(this.payNo, "{\"note\":\"  \"}")).andExpect(status().isBadRequest());
		this.mvc.perform(refunded("PN-unknown", "{\"note\":\"refund\"}")).andExpect(status().isNotFound());
		this.mvc
			.perform(post("/api/v1/duplicate-payments/" + this.payNo + "/refunded")
				.with(httpBasic("admin", "admin-local"))
				.contentType(MediaType.APPLICATION_FORM_URLENCODED)
				.content("note=refund"))
			.andExpect(status().isUnsupportedMediaType());

		assertThat(this.recorded).isEmpty();
	}

	private static org.springframework.test.web.servlet.RequestBuilder refunded(String payNo, String json) {
		return post("/api/v1/duplicate-payments/" + payNo + "/refunded").with(httpBasic("admin", "admin-local"))
			.contentType(MediaType.APPLICATION_JSON)
			.content(json);
	}

	@TestConfiguration
	@EnableConfigurationProperties(ConsoleProperties.class)
	static class Fixture {

		@Bean
		Clock clock() {
			return Clock.fixed(NOW, ZoneOffset.UTC);
		}

		@Bean
		DuplicatePaymentIndex duplicatePaymentIndex() {
			return new DuplicatePaymentIndex();
		}

		@Bean
		List<RefundDecision> recorded() {
			return new CopyOnWriteArrayList<>();
		}

		@Bean
		RefundService refundService(DuplicatePaymentIndex index, List<RefundDecision> recorded, Clock clock) {
			return new RefundService(index, recorded::add, new ListAuditTrail(), clock);
		}

	}

}
