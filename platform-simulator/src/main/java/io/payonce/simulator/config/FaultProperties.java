package io.payonce.simulator.config;

import java.math.BigDecimal;
import java.util.EnumMap;
import java.util.Map;

import jakarta.validation.constraints.DecimalMax;
import jakarta.validation.constraints.DecimalMin;

import io.payonce.simulator.payment.Fault;
import io.payonce.simulator.payment.FaultPlan;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.validation.annotation.Validated;

/**
 * Faults drawn for charges whose request names none ({@code payonce.simulator.faults.*}); each rate is 0 to 1,
 * exact per block of 1/rate charges ({@link FaultPlan}).
 * @param seed [PAYONCE_SIMULATOR_FAULTS_SEED]
 * @param loseCallbackRate [PAYONCE_SIMULATOR_FAULTS_LOSE_CALLBACK_RATE]
 * @param duplicateCallbackRate [PAYONCE_SIMULATOR_FAULTS_DUPLICATE_CALLBACK_RATE]
 * @param chargeTwiceRate [PAYONCE_SIMULATOR_FAULTS_CHARGE_TWICE_RATE]
 * @param misstateCallbackAmountRate [PAYONCE_SIMULATOR_FAULTS_MISSTATE_CALLBACK_AMOUNT_RATE]
 * @param misstateStatementAmountRate [PAYONCE_SIMULATOR_FAULTS_MISSTATE_STATEMENT_AMOUNT_RATE]
 */
@Validated
@ConfigurationProperties("payonce.simulator.faults")
public record FaultProperties(Long seed, @DecimalMin("0") @DecimalMax("1") BigDecimal loseCallbackRate,
		@DecimalMin("0") @DecimalMax("1") BigDecimal duplicateCallbackRate,
		@DecimalMin("0") @DecimalMax("1") BigDecimal chargeTwiceRate,
		@DecimalMin("0") @DecimalMax("1") BigDecimal misstateCallbackAmountRate,
		@DecimalMin("0") @DecimalMax("1") BigDecimal misstateStatementAmountRate) {

	public FaultProperties {
		if (seed == null) {
			seed = 20260928L;
		}
		loseCallbackRate = orZero(loseCallbackRate);
		duplicateCallbackRate = orZero(duplicateCallbackRate);
		chargeTwiceRate = orZero(chargeTwiceRate);
		misstateCallbackAmountRate = orZero(misstateCallbackAmountRate);
		misstateStatementAmountRate = orZero(misstateStatementAmountRate);
	}

	public FaultPlan plan() {
		Map<Fault, BigDecimal> rates = new EnumMap<>(Fault.class);
		rates.put(Fault.LOSE_CALLBACK, this.loseCallbackRate);
		rates.put(Fault.DUPLICATE_CALLBACK, this.duplicateCallbackRate);
		rates.put(Fault.CHARGE_TWICE, this.chargeTwiceRate);
		rates.put(Fault.MISSTATE_CALLBACK_AMOUNT, this.misstateCallbackAmountRate);
		rates.put(Fault.MISSTATE_STATEMENT_AMOUNT, this.misstateStatementAmountRate);
		return new FaultPlan(this.seed, rates);
	}

	private static BigDecimal orZero(BigDecimal rate) {
		return rate == null ? BigDecimal.ZERO : rate;
	}

}
