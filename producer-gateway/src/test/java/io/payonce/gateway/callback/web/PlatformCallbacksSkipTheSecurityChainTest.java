package io.payonce.gateway.callback.web;

import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockHttpServletRequest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which requests take the lean path past Spring Security's chain ({@link CallbackAccess}): only a platform's
 * callback. Anything a browser sends or that carries credentials, and every other method or path, goes through the
 * whole chain as before.
 */
class PlatformCallbacksSkipTheSecurityChainTest {

	@Test
	void aPlatformsSignedPostTakesTheLeanPath() {
		assertThat(CallbackAccess.PLATFORM_CALLBACK.matches(post())).isTrue();
	}

	@Test
	void aBrowsersPostGoesThroughTheChainForItsCrossOriginCheck() {
		MockHttpServletRequest crossSite = post();
		crossSite.addHeader("Sec-Fetch-Site", "cross-site");
		MockHttpServletRequest withOrigin = post();
		withOrigin.addHeader("Origin", "https://shop.example");

		assertThat(CallbackAccess.PLATFORM_CALLBACK.matches(crossSite)).isFalse();
		assertThat(CallbackAccess.PLATFORM_CALLBACK.matches(withOrigin)).isFalse();
	}

	@Test
	void aPostWithCredentialsGoesThroughTheChainThatChecksThem() {
		MockHttpServletRequest request = post();
		request.addHeader("Authorization", "Basic YWRtaW46d3Jvbmc=");

		assertThat(CallbackAccess.PLATFORM_CALLBACK.matches(request)).isFalse();
	}

	@Test
	void otherMethodsAndPathsGoThroughTheChain() {
		MockHttpServletRequest get = new MockHttpServletRequest("GET", CallbackAccess.PATH);
		MockHttpServletRequest trailingSlash = new MockHttpServletRequest("POST", CallbackAccess.PATH + "/");
		MockHttpServletRequest lookup = new MockHttpServletRequest("POST", "/api/v1/payments/repairs");

		assertThat(CallbackAccess.PLATFORM_CALLBACK.matches(get)).isFalse();
		assertThat(CallbackAccess.PLATFORM_CALLBACK.matches(trailingSlash)).isFalse();
		assertThat(CallbackAccess.PLATFORM_CALLBACK.matches(lookup)).isFalse();
	}

	private static MockHttpServletRequest post() {
		MockHttpServletRequest request = new MockHttpServletRequest("POST", CallbackAccess.PATH);
		request.setContentType("application/json");
		request.addHeader("Payonce-Signature", "t=1,v1=00");
		return request;
	}

}
