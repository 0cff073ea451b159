package io.payonce.dlt;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.scheduling.annotation.EnableScheduling;

/** The DLT handler: retry ladder (Kafka Streams), terminal index, alerts and the ops console. */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class DltHandlerApplication {

	public static void main(String[] args) {
		SpringApplication.run(DltHandlerApplication.class, args);
	}

}
