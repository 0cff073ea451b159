package io.payonce.simulator;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The payment platform simulator as a process: its HTTP API on port 8086 (README.md). */
@SpringBootApplication
@ConfigurationPropertiesScan
public class SimulatorApplication {

	public static void main(String[] args) {
		SpringApplication.run(SimulatorApplication.class, args);
	}

}
