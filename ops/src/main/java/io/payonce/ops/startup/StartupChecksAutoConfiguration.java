package io.payonce.ops.startup;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.context.annotation.Bean;

/** Registers {@link UnsafeSettingsCheck} in every service that depends on this module. */
@AutoConfiguration
public class StartupChecksAutoConfiguration {

	/** Static: a bean factory post-processor must exist before the configuration class is instantiated. */
	@Bean
	static UnsafeSettingsCheck unsafeSettingsCheck() {
		return new UnsafeSettingsCheck();
	}

}
