package io.payonce.infra;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;


/**
 * The Redis node of {@code PAYONCE_STACK=testcontainers}: {@value #IMAGE} without persistence (no RDB, no AOF),
 * as the local node, so that a restart loses every key.
 */
final class ContainerRedis extends ContainerNode implements RedisNode {

	static final String IMAGE = "redis:7.4";

	private final int port;

	ContainerRedis(Path stackDir, int port) {
		super(RedisServer.NAME, stackDir, List.of(port), IMAGE,
				container -> container.withCommand("redis-server", "--port", Integer.toString(port), "--bind",
						"0.0.0.0", "--protected-mode", "no", "--save", "", "--appendonly", "no"));
		this.port = port;
	}

	@Override
	public int port() {
		return this.port;
	}

	@Override
	Duration startTimeout() {
		return Duration.ofSeconds(30);
	}

	@Override
	boolean probe() throws Exception {
		return "+PONG".equals(RedisServer.inlineCommand(this.port, "PING"));
	}

}
