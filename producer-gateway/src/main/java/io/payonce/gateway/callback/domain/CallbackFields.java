package io.payonce.gateway.callback.domain;

/**
 * The callback's fields as text, exactly as they arrived ({@code null} when absent or JSON null). Numbers
 * keep their literal text, so {@code 199.00} is never squeezed through a double.
 */
public record CallbackFields(String payNo, String orderNo, String userId, String amount, String currency,
		String status, String paidAt) {
}
