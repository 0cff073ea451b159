package io.payonce.consumer;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/** The deduct consumer: {@code pay.success} → one deduction per orderNo, however often it is delivered. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class ConsumerApplication {

	public static void main(String[] args) {
		SpringApplication.run(ConsumerApplication.class, args);
	}

}
