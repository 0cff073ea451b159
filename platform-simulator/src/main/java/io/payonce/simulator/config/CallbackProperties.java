package io.payonce.simulator.config;

import java.time.Duration;
import java.util.List;

import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;

import io.payonce.simulator.callback.RetrySchedule;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * How callbacks are sent ({@code payonce.simulator.callback.*}).
 * @param gatewayUrl the merchant's base URL; callbacks go to {@code <gatewayUrl>/api/v1/callbacks/pay}
 * [PAYONCE_SIMULATOR_CALLBACK_GATEWAY_URL]
 * @param secret the HMAC-SHA256 secret of {@code Payonce-Signature} [PAYONCE_SIMULATOR_CALLBACK_SECRET]
 * @param schedule the retry schedule: {@code WECHAT_PAY} (15s … 6h, 24 h 4 min) or {@code LOCAL} (1s … 30s,
 * 10 min) [PAYONCE_SIMULATOR_CALLBACK_SCHEDULE]
 * @param retryDelays replaces the schedule's delays (the last repeats) [PAYONCE_SIMULATOR_CALLBACK_RETRY_DELAYS,
 * comma-separated]
 * @param window replaces the schedule's window [PAYONCE_SIMULATOR_CALLBACK_WINDOW]
 * @param timeout how long one attempt may take [PAYONCE_SIMULATOR_CALLBACK_TIMEOUT]
 * @param concurrency attempts in flight at once [PAYONCE_SIMULATOR_CALLBACK_CONCURRENCY]
 */
@Validated
@ConfigurationProperties("payonce.simulator.callback")
public record CallbackProperties(@NotBlank String gatewayUrl, @NotBlank String secret, Schedule schedule,
		List<Duration> retryDelays, Duration window, Duration timeout, @Min(1) Integer concurrency) {

	public CallbackProperties {
		if (gatewayUrl == null) {
			gatewayUrl = "http://localhost:8081";
		}
		if (secret == null) {
			secret = "payonce-local-secret";
		}
		if (schedule == null) {
			schedule = Schedule.WECHAT_PAY;
		}
		retryDelays = retryDelays == null ? List.of() : List.copyOf(retryDelays);
		if (timeout == null || timeout.isZero() || timeout.isNegative()) {
			timeout = Duration.ofSeconds(5);
		}
		if (concurrency == null) {
			concurrency = 8;
		}
	}

	/** The preset, with the delays and the window replaced where they are set. */
	public RetrySchedule retrySchedule() {
		RetrySchedule preset = this.schedule.preset();
		return new RetrySchedule(this.retryDelays.isEmpty() ? preset.delays() : this.retryDelays,
				this.window == null ? preset.window() : this.window);
	}

	@Override
	public String toString() {
		return "CallbackProperties[gatewayUrl=" + this.gatewayUrl + ", secret=(hidden), schedule=" + this.schedule
				+ ", retryDelays=" + this.retryDelays + ", window=" + this.window + ", timeout=" + this.timeout
				+ ", concurrency=" + this.concurrency + "]";
	}

	/** The named retry schedules. */
	public enum Schedule {

		WECHAT_PAY, LOCAL;

		RetrySchedule preset() {
			return this == WECHAT_PAY ? RetrySchedule.wechatPay() : RetrySchedule.local();
		}

	}

}
