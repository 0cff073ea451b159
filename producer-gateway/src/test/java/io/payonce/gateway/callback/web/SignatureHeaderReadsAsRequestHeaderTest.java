package io.payonce.gateway.callback.web;

import java.lang.reflect.Method;
import java.util.List;
import java.util.stream.Stream;

import io.payonce.gateway.callback.domain.SignatureVerifier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.core.MethodParameter;
import org.springframework.format.support.DefaultFormattingConversionService;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.support.ConfigurableWebBindingInitializer;
import org.springframework.web.bind.support.DefaultDataBinderFactory;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.method.annotation.RequestHeaderMethodArgumentResolver;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The controller reads {@code Payonce-Signature} itself ({@link CallbackController#signatureHeader}); it must get
 * the value Spring MVC's {@code @RequestHeader(required = false) String} argument gave it, with the conversion
 * service Spring MVC binds with: absent, empty, one value, and several (joined, so that a second {@code t} is
 * refused rather than ignored).
 */
class SignatureHeaderReadsAsRequestHeaderTest {

	static Stream<List<String>> headers() {
		return Stream.of(List.of(), List.of(""), List.of(" "), List.of("t=1,v1=" + "a".repeat(64)),
				List.of("t=1,v1=" + "a".repeat(64), "t=2,v1=" + "b".repeat(64)), List.of("a", "", "c"),
				List.of("x,y", "z"));
	}

	@ParameterizedTest
	@MethodSource("headers")
	void theHeaderIsWhatRequestHeaderResolvedItTo(List<String> values) throws Exception {
		// given
		MockHttpServletRequest request = new MockHttpServletRequest("POST", CallbackAccess.PATH);
		values.forEach((value) -> request.addHeader(SignatureVerifier.HEADER, value));
		// when
		String read = CallbackController.signatureHeader(request);
		// then
		assertThat(read).isEqualTo(asRequestHeader(request));
		if (values.size() > 1) {
			assertThat(read).isEqualTo(String.join(",", values));
		}
	}

	/** What Spring MVC passed to the former {@code pay(…, @RequestHeader(…) String signature)}. */
	private static Object asRequestHeader(MockHttpServletRequest request) throws Exception {
		Method method = SignatureHeaderReadsAsRequestHeaderTest.class.getDeclaredMethod("formerSignature", String.class);
		ConfigurableWebBindingInitializer binding = new ConfigurableWebBindingInitializer();
		binding.setConversionService(new DefaultFormattingConversionService());
		return new RequestHeaderMethodArgumentResolver(null).resolveArgument(new MethodParameter(method, 0), null,
				new ServletWebRequest(request), new DefaultDataBinderFactory(binding));
	}

	@SuppressWarnings("unused")
	private void formerSignature(@RequestHeader(name = SignatureVerifier.HEADER, required = false) String signature) {
	}

}
