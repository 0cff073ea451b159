package io.payonce.gateway.callback;

import java.time.Duration;
import java.util.List;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotEmpty;
import jakarta.validation.constraints.NotNull;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.validation.annotation.Validated;

/**
 * Callback signatures ({@code payonce.gateway.signature.*}).
 *
 * @param secrets every active HMAC secret; more than one while a secret is being rotated
 * [{@code PAYONCE_GATEWAY_SIGNATURE_SECRETS}, comma-separated]. No default: the local profile has one
 * (application-local.yml); anywhere else each secret must be at least 32 bytes and not a published value (the
 * service refuses to start otherwise, see {@code io.payonce.ops.startup.UnsafeSettings}).
 * @param tolerance how far the signed timestamp may lie from the gateway's clock, either way
 * [{@code PAYONCE_GATEWAY_SIGNATURE_TOLERANCE}]
 */
@Validated
@ConfigurationProperties("payonce.gateway.signature")
public record SignatureProperties(@NotEmpty List<@NotBlank String> secrets,
		@DefaultValue("300s") @NotNull Duration tolerance) {

	/** Never prints a secret, should this record ever reach a log line or an error message. */
	@Override
	public String toString() {
		return "SignatureProperties[secrets=<" + ((this.secrets != null) ? this.secrets.size() : 0)
				+ " hidden>, tolerance=" + this.tolerance + "]";
	}

}
