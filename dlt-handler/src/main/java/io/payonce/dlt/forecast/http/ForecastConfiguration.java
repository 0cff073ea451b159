package io.payonce.dlt.forecast.http;

import io.payonce.dlt.forecast.ReplayForecaster;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class ForecastConfiguration {

	@Bean
	ReplayForecaster replayForecaster(LedgerProperties properties) {
		return new ReplayForecaster(new HttpOrderLedger(properties));
	}

}
