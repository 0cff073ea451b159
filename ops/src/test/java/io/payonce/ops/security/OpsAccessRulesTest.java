package io.payonce.ops.security;

import java.security.Principal;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.httpBasic;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.header;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** The shared rules on a stand-in ops API: who may read, who may write, and from where. */
@WebMvcTest(controllers = OpsAccessRulesTest.StandInApi.class)
@ImportAutoConfiguration(OpsSecurityAutoConfiguration.class)
@Import(OpsAccessRulesTest.StandInApi.class)
@TestPropertySource(properties = { "payonce.ops.users[0].name=admin",
		"payonce.ops.users[0].password={bcrypt}$2a$10$dXJ3SW6G7P50lGmMkkmwe.20cQQubK3.HZWzG3YB1tlRy.fqvM/BG",
		"payonce.ops.users[0].role=ADMIN", "payonce.ops.users[1].name=viewer",
		"payonce.ops.users[1].password={bcrypt}$2a$10$dXJ3SW6G7P50lGmMkkmwe.20cQQubK3.HZWzG3YB1tlRy.fqvM/BG",
		"payonce.ops.users[1].role=VIEWER" })
class OpsAccessRulesTest {

	/** The bcrypt hash above is of "password". */
	private static final String PASSWORD = "password";

	@Autowired
	private MockMvc mvc;

	@Test
	void withoutCredentialsTheApiIs401ButTheProbesAnswer() throws Exception {
		this.mvc.perform(get("/api/v1/things"))
			.andExpect(status().isUnauthorized())
			.andExpect(header().string("WWW-Authenticate", "Basic realm=\"PayOnce ops\""));
		this.mvc.perform(post("/api/v1/things").contentType(MediaType.APPLICATION_JSON).content("{}"))
			.andExpect(status().isUnauthorized());
		this.mvc.perform(get("/actuator/metrics")).andExpect(status().isUnauthorized());
		// no endpoint behind them in this slice: 404, not 401, is what shows they are open
		this.mvc.perform(get("/actuator/health/readiness")).andExpect(status().isNotFound());
		this.mvc.perform(get("/actuator/prometheus")).andExpect(status().isNotFound());
	}

	@Test
	void aViewerReadsButDoesNotWrite() throws Exception {
		this.mvc.perform(get("/api/v1/things").with(httpBasic("viewer", PASSWORD)))
			.andExpect(status().isOk())
			.andExpect(content().string("read by viewer"));
		this.mvc
			.perform(post("/api/v1/things").with(httpBasic("viewer", PASSWORD))
				.contentType(MediaType.APPLICATION_JSON)
				.content("{}"))
			.andExpect(status().isForbidden());
	}

	@Test
	void anAdminWritesFromTheServicesOwnPage() throws Exception {
		this.mvc
			.perform(post("/api/v1/things").with(httpBasic("admin", PASSWORD))
				.header("Sec-Fetch-Site", "same-origin")
				.header("Origin", "http://localhost")
				.contentType(MediaType.APPLICATION_JSON)
				.content("{}"))
			.andExpect(status().isOk())
			.andExpect(content().string("written by admin"));
	}

	@Test
	void aCrossSiteWriteIsRefusedEvenWithAnAdminsCredentials() throws Exception {
		this.mvc
			.perform(post("/api/v1/things").with(httpBasic("admin", PASSWORD))
				.header("Sec-Fetch-Site", "cross-site")
				.header("Origin", "https://evil.example")
				.contentType(MediaType.APPLICATION_JSON)
				.content("{}"))
			.andExpect(status().isForbidden())
			.andExpect(content().contentTypeCompatibleWith(MediaType.APPLICATION_PROBLEM_JSON))
			.andExpect(jsonPath("$.reason").value("cross_origin"));
	}

	@RestController
	static class StandInApi {

		@GetMapping("/api/v1/things")
		String read(Principal principal) {
			return "read by " + principal.getName();
		}

		@PostMapping("/api/v1/things")
		String write(@RequestBody String body, Principal principal) {
			return "written by " + principal.getName();
		}

	}

}
