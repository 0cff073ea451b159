package io.payonce.ops.security;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which requests a browser may send on another site's behalf: none that change state. */
class CrossOriginWriteFilterTest {

	private final CrossOriginWriteFilter filter = new CrossOriginWriteFilter(List.of("https://ops.example.com/"));

	@Test
	void readsAreNeverRefused() {
		assertThat(this.filter.refusal("GET", "cross-site", "https://evil.example", "console:8084")).isNull();
		assertThat(this.filter.refusal("HEAD", "cross-site", null, "console:8084")).isNull();
		assertThat(this.filter.refusal("OPTIONS", "cross-site", null, "console:8084")).isNull();
	}

	@Test
	void aCrossSiteWriteIsRefusedWhateverItsOriginSays() {
		assertThat(this.filter.refusal("POST", "cross-site", "https://evil.example", "console:8084"))
			.isEqualTo("Sec-Fetch-Site is cross-site: a POST must come from this service's own pages");
		assertThat(this.filter.refusal("POST", "same-site", "http://console:8084", "console:8084")).isNotNull();
		assertThat(this.filter.refusal("DELETE", "cross-site", null, "console:8084")).isNotNull();
	}

	@Test
	void theConsolesOwnPageAndTheUsersOwnNavigationPass() {
		assertThat(this.filter.refusal("POST", "same-origin", "http://127.0.0.1:8084", "127.0.0.1:8084")).isNull();
		assertThat(this.filter.refusal("POST", "none", null, "127.0.0.1:8084")).isNull();
	}

	@Test
	void withoutFetchMetadataTheOriginMustBeTheHost() {
		// an older browser: Origin only
		assertThat(this.filter.refusal("POST", null, "http://127.0.0.1:8084", "127.0.0.1:8084")).isNull();
		assertThat(this.filter.refusal("POST", null, "https://evil.example", "127.0.0.1:8084"))
			.isEqualTo("Origin does not match the host: a POST must come from this service's own pages");
		assertThat(this.filter.refusal("POST", null, "null", "127.0.0.1:8084")).isNotNull();
	}

	@Test
	void aClientThatIsNoBrowserPassesToAuthentication() {
		// curl, the payment platform's callbacks, scripts: no Origin, no Sec-Fetch-Site
		assertThat(this.filter.refusal("POST", null, null, "127.0.0.1:8081")).isNull();
	}

	@Test
	void aTrustedOriginPassesBehindAProxyThatRewritesTheHost() {
		assertThat(this.filter.refusal("POST", null, "https://OPS.example.com", "dlt-handler:8084")).isNull();
		assertThat(this.filter.refusal("POST", "same-site", "https://ops.example.com", "dlt-handler:8084")).isNull();
	}

}
