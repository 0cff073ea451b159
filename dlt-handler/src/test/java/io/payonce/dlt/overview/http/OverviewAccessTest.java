package io.payonce.dlt.overview.http;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.payonce.dlt.overview.MetricSample;
import io.payonce.dlt.overview.Overview;
import io.payonce.dlt.overview.OverviewCharts;
import io.payonce.dlt.overview.Scrape;
import io.payonce.dlt.overview.ServiceName;
import io.payonce.dlt.overview.Target;
import io.payonce.ops.security.OpsSecurityAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.MockMvc;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.nullValue;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * {@code GET /api/v1/overview} behind the real security set-up (local users), as JSON the page reads; the page and the
 * chart library it names are served by the console itself.
 */
@WebMvcTest(controllers = OverviewController.class)
@ImportAutoConfiguration(OpsSecurityAutoConfiguration.class)
@Import(OverviewAccessTest.Fixture.class)
@ActiveProfiles("local")
class OverviewAccessTest {

	private static final Instant T0 = Instant.parse("2026-12-01T00:00:00Z");

	@Autowired
	private MockMvc mvc;

	@Test
	void withoutCredentialsTheOverviewIs401() throws Exception {
		this.mvc.perform(get("/api/v1/overview")).andExpect(status().isUnauthorized());
		this.mvc.perform(get("/api/v1/overview").with(httpBasic("viewer", "wrong"))).andExpect(status().isUnauthorized());
	}

	@Test
	void aViewerReadsEveryChartWithGapsAsNullAndTheUnreachableServiceNamed() throws Exception {
		this.mvc.perform(get("/api/v1/overview").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isOk())
			.andExpect(jsonPath("$.sampledEverySeconds").value(10))
			.andExpect(jsonPath("$.windowSeconds").value(3600))
			.andExpect(jsonPath("$.times[0]").value(T0.getEpochSecond()))
			.andExpect(jsonPath("$.charts[4].id").value("terminal-depth"))
			.andExpect(jsonPath("$.charts[4].lines[0].values[0]").value(7.0))
			.andExpect(jsonPath("$.charts[0].lines[0].values[0]").value(nullValue()))
			.andExpect(jsonPath("$.charts[0].lines[0].noData").value("producer-gateway unreachable"))
			.andExpect(jsonPath("$.services[0].name").value("producer-gateway"))
			.andExpect(jsonPath("$.services[0].up").value(false))
			.andExpect(jsonPath("$.services[0].targets[0].error").value("connection refused"));
	}

	@Test
	void theScreenAndItsChartLibraryAreServedByTheConsole() throws Exception {
		this.mvc.perform(get("/overview.html").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isOk())
			.andExpect(content().string(containsString("/webjars/uplot/1.6.30/dist/uPlot.iife.min.js")));
		this.mvc.perform(get("/webjars/uplot/1.6.30/dist/uPlot.iife.min.js").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isOk());
		this.mvc.perform(get("/webjars/uplot/1.6.30/dist/uPlot.min.css").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isOk());
		this.mvc.perform(get("/webjars/uplot/1.6.30/LICENSE").with(httpBasic("viewer", "viewer-local")))
			.andExpect(status().isOk())
			.andExpect(content().string(containsString("MIT")));
	}

	@TestConfiguration
	static class Fixture {

		@Bean
		Overview overview() {
			Overview overview = new Overview(OverviewCharts.all(5), List.of(ServiceName.values()), Duration.ofSeconds(10),
					Duration.ofHours(1));
			overview.record(T0, Map.of(
					new Target(ServiceName.PRODUCER_GATEWAY, URI.create("http://gateway:9081/actuator/prometheus")),
					Scrape.failed("connection refused"),
					new Target(ServiceName.DLT_HANDLER, URI.create("http://dlt-handler:9084/actuator/prometheus")),
					Scrape.read(List.of(new MetricSample("payonce_dlt_terminal_backlog", Map.of(), 7)))));
			return overview;
		}

	}

}
