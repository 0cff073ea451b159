package io.payonce.gateway;

import java.time.Clock;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;

/** The producer gateway: signed payment callbacks in, one outbox event per payment out. Port 8081. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class GatewayApplication {

	public static void main(String[] args) {
		SpringApplication.run(GatewayApplication.class, args);
	}

	/** The one source of time: signature windows and timestamps are testable with a fixed clock. */
	@Bean
	Clock clock() {
		return Clock.systemUTC();
	}

}
