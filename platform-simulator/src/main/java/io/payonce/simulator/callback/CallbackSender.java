package io.payonce.simulator.callback;

import io.payonce.platform.callback.PayCallback;

/** Sends one signed callback to the merchant (the gateway) and reports what came back. */
public interface CallbackSender {

	/** Never throws for a merchant that is down or slow: that is an {@link Answer} without status. */
	Answer send(PayCallback callback);

	/**
	 * @param status the HTTP status, 0 if no answer came
	 * @param error why no answer came, {@code null} if one did
	 */
	record Answer(int status, String body, String error) {

		public static Answer of(int status, String body) {
			return new Answer(status, body, null);
		}

		public static Answer none(String error) {
			return new Answer(0, "", error);
		}

	}

}
