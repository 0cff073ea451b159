package io.payonce.ops.timeline;

import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Which service and instance name a fact carries. */
class PublisherIdentityTest {

	@Test
	void theServiceIsTheApplicationNameWithoutThePayoncePrefix() {
		assertThat(PublisherIdentity.resolve(null, "payonce-deduct-consumer", null, Map.of("HOSTNAME", "h")::get)
			.service()).isEqualTo("deduct-consumer");
		assertThat(PublisherIdentity.resolve(null, "producer-gateway", null, Map.of("HOSTNAME", "h")::get).service())
			.isEqualTo("producer-gateway");
	}

	@Test
	void settingsWinOverTheApplicationNameAndTheEnvironment() {
		PublisherIdentity identity = PublisherIdentity.resolve("gateway-eu", "producer-gateway", "gw-7",
				Map.of("HOSTNAME", "pod-1")::get);

		assertThat(identity).isEqualTo(new PublisherIdentity("gateway-eu", "gw-7"));
	}

	@Test
	void theInstanceIsThePodNameFromHostnameElseTheLocalHostName() {
		assertThat(PublisherIdentity.resolve(null, "producer-gateway", " ", Map.of("HOSTNAME", "gateway-5d9f-x2")::get)
			.instance()).isEqualTo("gateway-5d9f-x2");
		assertThat(PublisherIdentity.resolve(null, "producer-gateway", null, Map.<String, String>of()::get).instance())
			.isNotBlank();
	}

}
