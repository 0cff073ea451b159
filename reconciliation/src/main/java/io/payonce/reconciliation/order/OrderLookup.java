package io.payonce.reconciliation.order;

import java.util.Optional;

/** Port: an order and its payer's account as the trade schema holds them now (read-only). */
public interface OrderLookup {

	Optional<OrderView> find(String orderNo);

}
