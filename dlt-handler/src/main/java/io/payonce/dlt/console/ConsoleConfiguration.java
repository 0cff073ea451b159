package io.payonce.dlt.console;

import java.time.Clock;

import io.payonce.dlt.config.ConsoleProperties;
import io.payonce.dlt.terminal.AuditTrail;
import io.payonce.dlt.terminal.TerminalIndex;
import io.payonce.dlt.timeline.FactPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
class ConsoleConfiguration {

	@Bean
	ReplayService replayService(TerminalIndex index, AuditTrail audit, ConsoleProperties properties, Clock clock,
			FactPublisher facts) {
		return new ReplayService(index, audit,
				new ReplayRateLimit(properties.replayLimit(), properties.replayWindow()), clock, facts);
	}

}
