package io.payonce.reconciliation.platform.spring;

import java.time.Clock;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.platform.PaymentPlatform;
import io.payonce.platform.http.SimulatorPaymentPlatform;
import io.payonce.reconciliation.platform.ActiveQuery;
import io.payonce.reconciliation.platform.GatewayPayments;
import io.payonce.reconciliation.platform.http.HttpGatewayPayments;
import io.payonce.reconciliation.platform.jdbc.JdbcUnpaidOrders;

import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.scheduling.annotation.EnableScheduling;

/**
 * The platform side's wiring. For a real platform, {@link #paymentPlatform} is the one bean that changes: its
 * client implements {@link PaymentPlatform} (platform-api), nothing else here knows the simulator.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({ PlatformProperties.class, GatewayProperties.class, ActiveQueryProperties.class })
public class PlatformConfiguration {

	@Bean
	PaymentPlatform paymentPlatform(PlatformProperties platform) {
		return new SimulatorPaymentPlatform(platform.baseUrl(), platform.timeout());
	}

	@Bean
	GatewayPayments gatewayPayments(GatewayProperties gateway) {
		return new HttpGatewayPayments(gateway.baseUrl(), gateway.user(), gateway.password(), gateway.timeout());
	}

	@Configuration(proxyBeanMethods = false)
	@EnableScheduling
	@ConditionalOnProperty(name = "payonce.reconciliation.active-query.enabled", havingValue = "true",
			matchIfMissing = true)
	static class ActiveQueryConfiguration {

		@Bean
		ActiveQuery activeQuery(JdbcTemplate jdbc, PaymentPlatform platform, GatewayPayments gateway,
				ActiveQueryProperties properties, Clock clock) {
			return new ActiveQuery(new JdbcUnpaidOrders(jdbc), platform, gateway, clock, properties.minAge(),
					properties.maxAge(), properties.maxPerSweep());
		}

		@Bean
		ActiveQueryJob activeQueryJob(ActiveQuery activeQuery, MeterRegistry meters) {
			return new ActiveQueryJob(activeQuery, meters);
		}

	}

}
