package io.payonce.relay.leadership;

import java.util.Optional;

/** What the instance holding the lead runs; the election starts and stops it (implemented by the relay engine). */
public interface LeaderDuties {

	/**
	 * Starts a term. Returns once this instance owns the publishing rights, i.e. once its transactional producer
	 * is initialised (which fences every earlier producer of the relay); streaming then begins in the background.
	 * @throws RuntimeException if the term cannot start (Kafka unreachable); the election tries again
	 */
	void start();

	/**
	 * Ends the term, if one runs; returns once this instance can publish nothing more.
	 * @return why the term ended by itself, if it did, also while being stopped (a resumed former leader's last
	 * batch is typically fenced while its engine closes)
	 */
	Optional<LeadershipStatus.StepDown> stop();

	/** Whether a term runs (started and not yet stopped, even if it failed). */
	boolean isActive();

	/** Set when the running term asks to hand the lead over (fenced, producer failed, database lost). */
	Optional<LeadershipStatus.StepDown> stepDownRequested();

}
