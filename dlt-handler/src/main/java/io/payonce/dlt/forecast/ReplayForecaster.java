package io.payonce.dlt.forecast;

import java.nio.charset.StandardCharsets;
import java.util.List;

import io.payonce.contract.EventCodec;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.PayonceHeaders;
import io.payonce.contract.UnreadableEventException;
import io.payonce.dlt.terminal.TerminalRecord;
import io.payonce.ops.logging.TraceLogContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A terminal record's forecast: its PaySuccess (the payload the replay would send, unchanged) against the ledger
 * now. One ledger question per record; a ledger that fails makes that record's forecast UNKNOWN and the dry run
 * still answers.
 */
public final class ReplayForecaster {

	private static final Logger log = LoggerFactory.getLogger(ReplayForecaster.class);

	private final OrderLedger ledger;

	public ReplayForecaster(OrderLedger ledger) {
		this.ledger = ledger;
	}

	/** The forecast, logged on one line naming the order and the event (a dry run's lines all name their order). */
	public ReplayForecast forecast(TerminalRecord record) {
		ReplayForecast forecast = forecastOf(record);
		// the logging context names this record's order and trace, as every line of a replay does ([orderNo=P4 …])
		try (TraceLogContext order = TraceLogContext.enter(record.orderNo(),
				record.headers().get(PayonceHeaders.TRACEPARENT))) {
			log.info("Dry run forecast orderNo={} eventId={}: {} ({})", record.orderNo(), record.eventId(),
					forecast.verdict(), forecast.text());
		}
		return forecast;
	}

	private ReplayForecast forecastOf(TerminalRecord record) {
		if (record.payload() == null) {
			return ReplayForecast.unknown("the record has no payload");
		}
		PaySuccess payment;
		try {
			payment = EventCodec.decode(PaySuccess.class, record.payload().getBytes(StandardCharsets.UTF_8));
		}
		catch (UnreadableEventException ex) {
			return ReplayForecast.unknown("the record is not a readable PaySuccess (" + ex.getMessage() + ")");
		}
		try {
			return ReplayForecast.of(payment, this.ledger.find(payment.orderNo()));
		}
		catch (OrderLedger.LedgerUnavailableException ex) {
			return ReplayForecast.unknown("the ledger could not be asked: " + ex.getMessage());
		}
	}

}
