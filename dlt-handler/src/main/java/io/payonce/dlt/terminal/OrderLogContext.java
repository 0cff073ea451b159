package io.payonce.dlt.terminal;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

import org.slf4j.MDC;

/**
 * The order numbers an operator action is about, in the logging context ({@code orderNo}, the key the gateway and
 * the consumer use too) while its lines are written: every line of a replay, the audit trail's included, names its
 * orders, so that {@code grep P20261130001} finds the replay next to the payment's other lines. A selection of
 * several orders puts them all, comma-separated. Restores what was there before on close. Used by the replay
 * (console) and by the dry run's forecast.
 */
public final class OrderLogContext implements AutoCloseable {

	public static final String ORDER_NO = "orderNo";

	private final String previous;

	private OrderLogContext(String previous) {
		this.previous = previous;
	}

	public static OrderLogContext enter(Collection<String> orderNos) {
		OrderLogContext context = new OrderLogContext(MDC.get(ORDER_NO));
		Set<String> distinct = new LinkedHashSet<>(orderNos);
		if (distinct.isEmpty()) {
			MDC.remove(ORDER_NO);
		}
		else {
			MDC.put(ORDER_NO, String.join(",", distinct));
		}
		return context;
	}

	@Override
	public void close() {
		if (this.previous == null) {
			MDC.remove(ORDER_NO);
		}
		else {
			MDC.put(ORDER_NO, this.previous);
		}
	}

}
