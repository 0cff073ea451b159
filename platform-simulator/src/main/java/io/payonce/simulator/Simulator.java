package io.payonce.simulator;

import java.time.Clock;
import java.time.LocalDate;

import io.payonce.simulator.callback.CallbackSender;
import io.payonce.simulator.callback.http.HttpCallbackSender;
import io.payonce.simulator.journal.file.JsonLinesJournal;
import io.payonce.simulator.payment.Charge;
import io.payonce.simulator.payment.ChargeRequest;
import io.payonce.simulator.payment.Platform;
import io.payonce.simulator.statement.file.FileStatementArchive;

/**
 * A running payment platform simulator: the {@link Platform} with its journal and statements on disk and the
 * {@link CallbackDispatcher} sending its callbacks. The Spring application serves one over HTTP; a test can run
 * one in its own JVM:
 *
 * <pre>
 * try (Simulator simulator = Simulator.start(settings, Clock.systemUTC())) {
 *     Charge charge = simulator.charge(ChargeRequest.of("ORD-1", 10086, new BigDecimal("199.00"), "CNY"));
 *     simulator.platform().deliveriesOf(charge.payments().get(0).payNo());
 * }
 * </pre>
 */
public final class Simulator implements AutoCloseable {

	private final Platform platform;

	private final CallbackDispatcher dispatcher;

	private final AutoCloseable journal;

	private Simulator(Platform platform, CallbackDispatcher dispatcher, AutoCloseable journal) {
		this.platform = platform;
		this.dispatcher = dispatcher;
		this.journal = journal;
	}

	/** Restores the platform from {@code settings.dataDir()} and starts sending what is due. */
	public static Simulator start(SimulatorSettings settings, Clock clock) {
		CallbackSender sender = new HttpCallbackSender(settings.gatewayUrl(), settings.secret(), clock,
				settings.timeout());
		JsonLinesJournal journal = new JsonLinesJournal(settings.journalFile());
		Platform platform = new Platform(settings.platform(), settings.faults(), settings.schedule(), journal,
				new FileStatementArchive(settings.statementDir()), clock);
		CallbackDispatcher dispatcher = new CallbackDispatcher(platform, sender, clock, settings.concurrency()).start();
		return new Simulator(platform, dispatcher, journal);
	}

	/** "The user paid": charges the order and has its callbacks sent. */
	public Charge charge(ChargeRequest request) {
		Charge charge = this.platform.charge(request);
		this.dispatcher.wakeUp();
		return charge;
	}

	public byte[] statement(LocalDate day) {
		return this.platform.statement(day);
	}

	public Platform platform() {
		return this.platform;
	}

	public CallbackDispatcher dispatcher() {
		return this.dispatcher;
	}

	/** Stops sending (attempts in flight get a few seconds) and closes the journal. */
	@Override
	public void close() {
		this.dispatcher.close();
		try {
			this.journal.close();
		}
		catch (Exception ex) {
			throw new IllegalStateException("Cannot close the journal", ex);
		}
	}

}
