package io.payonce.simulator.callback.http;

import java.io.UncheckedIOException;
import java.time.Clock;
import java.time.Duration;

import io.payonce.platform.callback.CallbackClient;
import io.payonce.platform.callback.CallbackClient.CallbackResponse;
import io.payonce.platform.callback.PayCallback;
import io.payonce.simulator.callback.CallbackSender;

/**
 * Posts the callback to the gateway as DESIGN.md fixes it ({@code POST /api/v1/callbacks/pay}, JSON,
 * {@code Payonce-Signature: t=…,v1=…} over the raw body), signed anew at each attempt as a real platform does.
 */
public final class HttpCallbackSender implements CallbackSender {

	private final CallbackClient client;

	/**
	 * @param gatewayUrl e.g. {@code http://localhost:8081}
	 * @param timeout how long the gateway has to answer one attempt
	 */
	public HttpCallbackSender(String gatewayUrl, String secret, Clock clock, Duration timeout) {
		this.client = new CallbackClient(gatewayUrl, secret, clock, timeout);
	}

	@Override
	public Answer send(PayCallback callback) {
		try {
			CallbackResponse response = this.client.send(callback);
			return Answer.of(response.status(), response.body());
		}
		catch (UncheckedIOException ex) {
			// no answer: refused, reset, timed out; the schedule decides when to try again
			Throwable cause = ex.getCause() == null ? ex : ex.getCause();
			return Answer.none(cause.getClass().getSimpleName()
					+ (cause.getMessage() == null ? "" : ": " + cause.getMessage()));
		}
	}

}
