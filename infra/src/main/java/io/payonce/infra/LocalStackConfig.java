package io.payonce.infra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Where the local stack keeps its data and which ports it binds (always on 127.0.0.1).
 *
 * @param dataDir folder holding one sub-folder, one log file and one PID file per node
 * @param partitions partitions of each PayOnce topic
 */
public record LocalStackConfig(Path dataDir, int kafkaPort, int kafkaControllerPort, int mariaDbPort, int redisPort,
		int partitions) {

	public static final int DEFAULT_KAFKA_PORT = 19092;

	public static final int DEFAULT_KAFKA_CONTROLLER_PORT = 19093;

	public static final int DEFAULT_MARIADB_PORT = 13306;

	public static final int DEFAULT_REDIS_PORT = 16379;

	public static final int DEFAULT_PARTITIONS = 6;

	public LocalStackConfig {
		Objects.requireNonNull(dataDir, "dataDir");
		dataDir = dataDir.toAbsolutePath().normalize();
		if (partitions < 1) {
			throw new IllegalArgumentException("partitions must be at least 1, was " + partitions);
		}
		List<Integer> ports = List.of(kafkaPort, kafkaControllerPort, mariaDbPort, redisPort);
		if (ports.stream().distinct().count() != ports.size()) {
			throw new IllegalArgumentException("ports must be distinct: " + ports);
		}
	}

	/** The ports of docs/conventions.md, for {@code ./payonce up}. */
	public static LocalStackConfig defaults(Path dataDir) {
		return new LocalStackConfig(dataDir, DEFAULT_KAFKA_PORT, DEFAULT_KAFKA_CONTROLLER_PORT, DEFAULT_MARIADB_PORT,
				DEFAULT_REDIS_PORT, DEFAULT_PARTITIONS);
	}

	/** Ports the kernel reports free right now, for tests that must not assume the defaults. */
	public static LocalStackConfig freePorts(Path dataDir) {
		int[] ports = Ports.freePorts(4);
		return new LocalStackConfig(dataDir, ports[0], ports[1], ports[2], ports[3], DEFAULT_PARTITIONS);
	}

	/** One port the kernel reports free right now (a service's management port in a test). */
	public static int freePort() {
		return Ports.freePorts(1)[0];
	}

	/** Small helpers around local TCP ports. */
	static final class Ports {

		private Ports() {
		}

		/** Listening ports are chosen from here up to the ephemeral range. */
		private static final int LOWEST = 20000;

		/**
		 * Ports free right now, chosen BELOW the kernel's ephemeral range: a port is chosen here and bound later
		 * by another process (a broker, a service JVM seconds later), and a port of the ephemeral range may be
		 * taken meanwhile by any outgoing connection on the machine ("Port already in use" at the service's
		 * start). Falls back to kernel-chosen ports where the range leaves too little room below it.
		 */
		static int[] freePorts(int count) {
			int ephemeralLow = ephemeralRangeStart();
			if (ephemeralLow - LOWEST < 1000) {
				return kernelChosenPorts(count);
			}
			// Hold all sockets open until every port is chosen, so that none is handed out twice.
			List<ServerSocket> sockets = new ArrayList<>();
			try {
				int[] ports = new int[count];
				java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
				for (int i = 0; i < count; i++) {
					for (int attempt = 0; ; attempt++) {
						if (attempt > 200) {
							throw new UncheckedIOException(new IOException("no free port found below " + ephemeralLow));
						}
						int port = random.nextInt(LOWEST, ephemeralLow);
						try {
							ServerSocket socket = new ServerSocket();
							socket.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
							sockets.add(socket);
							ports[i] = port;
							break;
						}
						catch (IOException taken) {
							// try another one
						}
					}
				}
				return ports;
			}
			finally {
				closeAll(sockets);
			}
		}

		/** The first port of {@code /proc/sys/net/ipv4/ip_local_port_range}, Linux's default 32768 elsewhere. */
		static int ephemeralRangeStart() {
			try {
				// by line, never Files.readString: a sysctl file reports size 0, and on some kernels the read that
				// size suggests returns its first byte only ("3" of "32768"), which silently made every port
				// kernel-chosen, in the ephemeral range this class exists to avoid
				String range = java.nio.file.Files
					.readAllLines(java.nio.file.Path.of("/proc/sys/net/ipv4/ip_local_port_range"))
					.get(0);
				return Integer.parseInt(range.trim().split("\\s+")[0]);
			}
			catch (IOException | RuntimeException ex) {
				return 32768;
			}
		}

		private static int[] kernelChosenPorts(int count) {
			List<ServerSocket> sockets = new ArrayList<>();
			try {
				int[] ports = new int[count];
				for (int i = 0; i < count; i++) {
					ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
					sockets.add(socket);
					ports[i] = socket.getLocalPort();
				}
				return ports;
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Could not find free ports", ex);
			}
			finally {
				closeAll(sockets);
			}
		}

		private static void closeAll(List<ServerSocket> sockets) {
			for (ServerSocket socket : sockets) {
				try {
					socket.close();
				}
				catch (IOException ignored) {
					// closing a listening socket that was never used
				}
			}
		}

		static boolean isFree(int port) {
			try (ServerSocket socket = new ServerSocket()) {
				socket.setReuseAddress(true);
				socket.bind(new java.net.InetSocketAddress(InetAddress.getLoopbackAddress(), port));
				return true;
			}
			catch (IOException ex) {
				return false;
			}
		}

		static void requireFree(String node, int port) {
			if (!isFree(port)) {
				throw new NodeStartException(node + ": port " + port + " on 127.0.0.1 is already in use"
						+ " (another local stack still running? try ./payonce down, or look with: ss -ltnp 'sport = :"
						+ port + "')");
			}
		}

	}

}
