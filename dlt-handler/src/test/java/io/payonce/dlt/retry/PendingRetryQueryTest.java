package io.payonce.dlt.retry;

import java.time.Instant;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/** Merging the instances' parts of the pending retries into the console's one list. */
class PendingRetryQueryTest {

	private static final Instant T0 = Instant.parse("2026-11-30T20:00:00Z");

	@Test
	void theAnswersOfAllInstancesAreOneListNewestFailureFirst() {
		// given the parts of two instances
		List<PendingRetry> first = List.of(retry("evt-1", "P1", T0), retry("evt-3", "P3", T0.plusSeconds(20)));
		List<PendingRetry> second = List.of(retry("evt-2", "P2", T0.plusSeconds(10)));

		// when merged
		List<PendingRetry> merged = new PendingRetryQuery(null, null, 100)
			.answer(concat(second, first));

		// then newest failure first
		assertThat(merged).extracting(PendingRetry::eventId).containsExactly("evt-3", "evt-2", "evt-1");
	}

	@Test
	void aRetrySeenOnTwoInstancesDuringARebalanceIsShownOnce() {
		PendingRetry moved = retry("evt-1", "P1", T0);

		assertThat(new PendingRetryQuery(null, null, 100).answer(List.of(moved, moved, retry("evt-2", "P2", T0))))
			.extracting(PendingRetry::eventId)
			.containsExactly("evt-1", "evt-2");
	}

	@Test
	void theFiltersAndTheSizeApply() {
		List<PendingRetry> all = List.of(retry("evt-1", "P1", T0), retry("evt-2", "P2", T0.plusSeconds(1)),
				new PendingRetry("P3", "evt-3", 1, "ORDER_NOT_FOUND", "no order", T0.plusSeconds(2), T0.plusSeconds(7)));

		assertThat(new PendingRetryQuery("P2", null, 100).answer(all)).extracting(PendingRetry::eventId)
			.containsExactly("evt-2");
		assertThat(new PendingRetryQuery(null, "INSUFFICIENT_BALANCE", 100).answer(all))
			.extracting(PendingRetry::eventId)
			.containsExactly("evt-2", "evt-1");
		assertThat(new PendingRetryQuery(null, null, 2).answer(all)).extracting(PendingRetry::eventId)
			.containsExactly("evt-3", "evt-2");
		assertThatIllegalArgumentException().isThrownBy(() -> new PendingRetryQuery(null, null, 0));
	}

	private static List<PendingRetry> concat(List<PendingRetry> a, List<PendingRetry> b) {
		List<PendingRetry> all = new java.util.ArrayList<>(a);
		all.addAll(b);
		return all;
	}

	private static PendingRetry retry(String eventId, String orderNo, Instant failedAt) {
		return new PendingRetry(orderNo, eventId, 1, "INSUFFICIENT_BALANCE", "balance 10.00 < 199.00", failedAt,
				failedAt.plusSeconds(5));
	}

}
