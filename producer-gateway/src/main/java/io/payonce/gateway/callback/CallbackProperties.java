package io.payonce.gateway.callback;

import java.math.BigDecimal;
import java.time.Duration;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;
import org.springframework.validation.annotation.Validated;

/**
 * Callback intake limits ({@code payonce.gateway.*}).
 *
 * @param maxBodySize larger bodies are refused with 413 before a byte of them is parsed
 * [{@code PAYONCE_GATEWAY_MAX_BODY_SIZE}]
 * @param maxAmount the largest amount accepted; fits {@code DECIMAL(18,2)} [{@code PAYONCE_GATEWAY_MAX_AMOUNT}]
 * @param retryAfter the {@code Retry-After} of a 503 [{@code PAYONCE_GATEWAY_RETRY_AFTER}]
 * @param paidAtMaxAhead how far a callback's {@code paidAt} may lie ahead of the gateway's clock before it is a
 * 400; a day tolerates a platform that writes local time as UTC, and refuses what no clock explains
 * [{@code PAYONCE_GATEWAY_PAID_AT_MAX_AHEAD}]
 */
@Validated
@ConfigurationProperties("payonce.gateway")
public record CallbackProperties(@DefaultValue("16KB") @NotNull DataSize maxBodySize,
		@DefaultValue("1000000.00") @NotNull @DecimalMin("0.01") @DecimalMax("9999999999999999.99") BigDecimal maxAmount,
		@DefaultValue("5s") @NotNull Duration retryAfter, @DefaultValue("1d") @NotNull Duration paidAtMaxAhead) {
}
