package io.payonce.simulator.config;

import java.time.Clock;

import io.payonce.simulator.Simulator;
import io.payonce.simulator.SimulatorSettings;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** One {@link Simulator}, built from the three settings records, closed with the application. */
@Configuration(proxyBeanMethods = false)
class SimulatorConfiguration {

	@Bean
	@ConditionalOnMissingBean
	Clock clock() {
		return Clock.systemUTC();
	}

	@Bean(destroyMethod = "close")
	Simulator simulator(SimulatorProperties platform, CallbackProperties callback, FaultProperties faults, Clock clock) {
		return Simulator.start(new SimulatorSettings(callback.gatewayUrl(), callback.secret(), callback.retrySchedule(),
				callback.timeout(), callback.concurrency(), faults.plan(), platform.platform(), platform.dataDir()),
				clock);
	}

	/** DOWN once the dispatcher stopped (its journal could not be written): no callback is sent any more. */
	@Bean
	HealthIndicator callbackDispatcher(Simulator simulator) {
		return () -> simulator.dispatcher().isRunning() ? Health.up().build()
				: Health.down()
					.withDetail("failure", String.valueOf(simulator.dispatcher().failure()))
					.build();
	}

}
