package io.payonce.e2e.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import io.payonce.infra.LocalStack;
import io.payonce.infra.ServiceProcess;
import io.payonce.platform.PaymentPlatform;
import io.payonce.platform.http.SimulatorPaymentPlatform;
import io.payonce.simulator.client.SimulatorClient;

/**
 * The payment platform simulator ({@code platform-simulator}'s exec jar) as a process on a free port, sending its
 * callbacks to a gateway, with its own fresh data folder under the stack's. Local profile (the fast retry
 * schedule) unless {@code settings} say otherwise; {@code settings} are environment variables, e.g.
 * {@code PAYONCE_SIMULATOR_CALLBACK_RETRY_DELAYS}.
 *
 * <pre>
 * try (SimulatorProcess simulator = SimulatorProcess.start(stack, pipeline.service("producer-gateway").baseUrl(), Map.of())) {
 *     simulator.client().charge(ChargeSpec.of("ORD-1", 10086, new BigDecimal("25.00")));
 *     simulator.platform().query("ORD-1");
 * }
 * </pre>
 */
public final class SimulatorProcess implements AutoCloseable {

	public static final String MODULE = "platform-simulator";

	private static final Duration HEALTH_TIMEOUT = Duration.ofMinutes(3);

	private final ServiceProcess process;

	private SimulatorProcess(ServiceProcess process) {
		this.process = process;
	}

	public static SimulatorProcess start(LocalStack stack, String gatewayUrl, Map<String, String> settings) {
		Path dir = stack.dataDir().resolve("services");
		Map<String, String> env = new LinkedHashMap<>();
		env.put("SPRING_PROFILES_ACTIVE", "local");
		env.put("PAYONCE_SIMULATOR_CALLBACK_GATEWAY_URL", gatewayUrl);
		env.put("PAYONCE_SIMULATOR_DATA_DIR",
				stack.dataDir().resolve("platform-simulator-" + System.currentTimeMillis()).toString());
		env.putAll(settings);
		try {
			Files.createDirectories(dir);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		ServiceProcess process = ServiceProcess.launch(MODULE, Pipeline.execJar(MODULE), Pipeline.freePort(), env, dir);
		try {
			process.awaitHealthy(HEALTH_TIMEOUT);
		}
		catch (RuntimeException ex) {
			process.stop();
			throw ex;
		}
		return new SimulatorProcess(process);
	}

	/** Charges and the record of every payment and callback attempt. */
	public SimulatorClient client() {
		return new SimulatorClient(this.process.baseUrl());
	}

	/** The platform as PayOnce asks it (query, statement), through platform-api's adapter. */
	public PaymentPlatform platform() {
		return new SimulatorPaymentPlatform(URI.create(this.process.baseUrl()), Duration.ofSeconds(10));
	}

	public ServiceProcess process() {
		return this.process;
	}

	@Override
	public void close() {
		this.process.stop();
	}

}
