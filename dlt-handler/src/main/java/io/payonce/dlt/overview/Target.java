package io.payonce.dlt.overview;

import java.net.URI;
import java.util.Objects;

/** One instance of a service to scrape: its {@code /actuator/prometheus} URL. */
public record Target(ServiceName service, URI url) {

	public Target {
		Objects.requireNonNull(service, "service");
		Objects.requireNonNull(url, "url");
	}

}
