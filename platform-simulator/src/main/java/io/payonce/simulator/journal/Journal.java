package io.payonce.simulator.journal;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

import io.payonce.simulator.callback.Attempt;
import io.payonce.simulator.payment.Fault;
import io.payonce.simulator.payment.Payment;

/**
 * What the platform did, in order, so that a restarted simulator knows its payments, what it has sent and what
 * is still to send. Appended before the change is visible to anyone (a charge is journaled before its answer,
 * an attempt before the next one is planned).
 */
public interface Journal {

	/** Every entry written so far, oldest first. */
	List<Entry> entries();

	void append(Entry entry);

	/** A journal that forgets everything on restart (tests of the rules). */
	static Journal inMemory() {
		return new Journal() {

			private final List<Entry> entries = new ArrayList<>();

			@Override
			public synchronized List<Entry> entries() {
				return List.copyOf(this.entries);
			}

			@Override
			public synchronized void append(Entry entry) {
				this.entries.add(entry);
			}

		};
	}

	/** One thing the platform did. */
	sealed interface Entry permits Opened, Charged, Attempted {

	}

	/** The first entry: this platform's id, part of every payNo it issues, so that two runs never share one. */
	record Opened(String instanceId, Instant at) implements Entry {

		public Opened {
			Objects.requireNonNull(instanceId, "instanceId");
			Objects.requireNonNull(at, "at");
		}

	}

	/**
	 * A charge and the callbacks it planned.
	 * @param number the charge's number in fault-plan order, 0 if its faults were named
	 */
	record Charged(Instant at, String orderNo, long number, Set<Fault> faults, List<Payment> payments,
			List<PlannedDelivery> deliveries) implements Entry {

		public Charged {
			faults = Set.copyOf(faults);
			payments = List.copyOf(payments);
			deliveries = List.copyOf(deliveries);
		}

	}

	/** One callback delivery as planned: which payment, which copy, first attempt when. */
	record PlannedDelivery(String payNo, int copy, Instant firstAttemptAt) {

	}

	/** An attempt to deliver a callback and its answer. */
	record Attempted(String deliveryId, Attempt attempt) implements Entry {

	}

}
