package io.payonce.relay.config;

import java.time.Duration;

import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * How the relay sends to Kafka and when it calls itself unhealthy.
 *
 * @param retryBackoffInitial first pause before a failed send is sent again
 * @param retryBackoffMax the pause doubles up to this
 * @param unhealthyAfter a batch waiting this long for Kafka's acknowledgement turns the health DOWN (the
 * sends keep retrying; the health comes back once they succeed)
 * @param linger the producer's {@code linger.ms}. The relay sends a whole batch, then waits for every
 * acknowledgement, so the records of a batch are already sent together; lingering would only delay the
 * batch's last request.
 */
@Validated
@ConfigurationProperties("payonce.relay.delivery")
public record RelayDeliveryProperties(@DefaultValue("200ms") @NotNull Duration retryBackoffInitial,
		@DefaultValue("10s") @NotNull Duration retryBackoffMax,
		@DefaultValue("30s") @NotNull Duration unhealthyAfter, @DefaultValue("0ms") @NotNull Duration linger) {

}
