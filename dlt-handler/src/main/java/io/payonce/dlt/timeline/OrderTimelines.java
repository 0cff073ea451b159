package io.payonce.dlt.timeline;

import java.util.Optional;

/**
 * Where the timelines are kept and how one is read (a port; Kafka Streams' interactive queries outside). One order's
 * timeline lives on the instance that runs its partition; {@link #hostOf} names it.
 */
public interface OrderTimelines {

	/** This instance's {@code host:port} as the others reach it. */
	String self();

	/**
	 * Where the order's timeline is kept now.
	 * @throws NotQueryableException while the group rebalances or the materialiser is not running
	 */
	Host hostOf(String orderNo);

	/**
	 * The order's timeline from this instance's store, empty when no fact about it exists.
	 * @throws NotQueryableException the store is being restored or moved (rebalance): ask again shortly
	 */
	Optional<Timeline> local(String orderNo, int partition);

	/**
	 * @param instance {@code host:port} of the instance that keeps the order's timeline
	 * @param self whether that is this instance
	 * @param partition the order's partition
	 */
	record Host(String instance, boolean self, int partition) {

	}

	/** The timeline cannot be asked right now (rebalance, restore, start, shutdown): 503, ask again. */
	final class NotQueryableException extends RuntimeException {

		public NotQueryableException(String message, Throwable cause) {
			super(message, cause);
		}

	}

}
