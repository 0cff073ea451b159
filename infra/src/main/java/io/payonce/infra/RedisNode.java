package io.payonce.infra;

/** Redis 6.2 without persistence. */
public interface RedisNode extends ManagedNode {

	int port();

	/** {@code redis://127.0.0.1:<port>}, the format Redisson expects. */
	default String address() {
		return "redis://127.0.0.1:" + port();
	}

}
