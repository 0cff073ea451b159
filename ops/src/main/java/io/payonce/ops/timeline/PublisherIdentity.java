package io.payonce.ops.timeline;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.function.Function;

/**
 * Who publishes a fact: the service and the instance, resolved once at start from the settings and the
 * environment.
 *
 * @param service for example {@code producer-gateway}, {@code deduct-consumer}
 * @param instance the pod or host name, so two instances' lines on one timeline can be told apart
 */
public record PublisherIdentity(String service, String instance) {

	private static final String PREFIX = "payonce-";

	/**
	 * @param serviceSetting {@code payonce.timeline.service}, wins when set
	 * @param applicationName {@code spring.application.name}; its {@code payonce-} prefix is dropped, so that every
	 * service is named as its module is ({@code payonce-deduct-consumer} and {@code producer-gateway} alike)
	 * @param instanceSetting {@code payonce.timeline.instance}, wins when set
	 * @param env the process environment ({@code System::getenv})
	 */
	public static PublisherIdentity resolve(String serviceSetting, String applicationName, String instanceSetting,
			Function<String, String> env) {
		String service = hasText(serviceSetting) ? serviceSetting.trim() : fromApplicationName(applicationName);
		String instance = hasText(instanceSetting) ? instanceSetting.trim() : hostName(env);
		return new PublisherIdentity(service, instance);
	}

	private static String fromApplicationName(String name) {
		if (!hasText(name)) {
			return "unknown-service";
		}
		String trimmed = name.trim();
		return (trimmed.startsWith(PREFIX) && trimmed.length() > PREFIX.length()) ? trimmed.substring(PREFIX.length())
				: trimmed;
	}

	private static String hostName(Function<String, String> env) {
		// Kubernetes sets HOSTNAME to the pod name; compose to the container id unless hostname: is set
		String host = env.apply("HOSTNAME");
		if (hasText(host)) {
			return host.trim();
		}
		try {
			return InetAddress.getLocalHost().getHostName();
		}
		catch (UnknownHostException ex) {
			// a host without a resolvable name still publishes; the pid tells this process from its neighbours
			return "pid-" + ProcessHandle.current().pid();
		}
	}

	private static boolean hasText(String value) {
		return value != null && !value.isBlank();
	}

}
