package io.payonce.simulator.config;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;

import io.payonce.simulator.payment.PlatformSettings;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * The platform's own rules and where it keeps its data ({@code payonce.simulator.*}).
 * @param dataDir journal ({@code journal.jsonl}) and issued statements ({@code statements/}); relative to the
 * working directory [PAYONCE_SIMULATOR_DATA_DIR]
 * @param feeRate fee as a share of the amount, half-up to the cent [PAYONCE_SIMULATOR_FEE_RATE]
 * @param secondChargeAfter the second payment of a double charge, this much later
 * [PAYONCE_SIMULATOR_SECOND_CHARGE_AFTER]
 * @param misstateDelta what a misstated amount adds [PAYONCE_SIMULATOR_MISSTATE_DELTA]
 * @param duplicateAfter the second copy of a duplicated callback, this much later
 * [PAYONCE_SIMULATOR_DUPLICATE_AFTER]
 * @param statementReadyAfter a day's statement is ready this long after the day ends (UTC)
 * [PAYONCE_SIMULATOR_STATEMENT_READY_AFTER]
 */
@Validated
@ConfigurationProperties("payonce.simulator")
public record SimulatorProperties(Path dataDir, BigDecimal feeRate, Duration secondChargeAfter,
		BigDecimal misstateDelta, Duration duplicateAfter, Duration statementReadyAfter) {

	public SimulatorProperties {
		PlatformSettings defaults = PlatformSettings.defaults();
		if (dataDir == null) {
			dataDir = Path.of("simulator-data");
		}
		if (feeRate == null) {
			feeRate = defaults.feeRate();
		}
		if (secondChargeAfter == null) {
			secondChargeAfter = defaults.secondChargeAfter();
		}
		if (misstateDelta == null) {
			misstateDelta = defaults.misstateDelta();
		}
		if (duplicateAfter == null) {
			duplicateAfter = defaults.duplicateAfter();
		}
		if (statementReadyAfter == null) {
			statementReadyAfter = defaults.statementReadyAfter();
		}
	}

	/** The rules; an invalid value fails the start with its name (e.g. a fee rate of 1 or more). */
	public PlatformSettings platform() {
		return new PlatformSettings(this.feeRate, this.secondChargeAfter, this.misstateDelta, this.duplicateAfter,
				this.statementReadyAfter);
	}

}
