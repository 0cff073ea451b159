package io.payonce.dlt.alert.infra;

import io.payonce.dlt.alert.Alert;
import io.payonce.dlt.alert.AlertLevel;
import io.payonce.dlt.alert.AlertSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Always on: CRITICAL as ERROR, WARNING as WARN, cleared as INFO; log shippers alert on the logger name. */
final class LoggingAlertSink implements AlertSink {

	private static final Logger log = LoggerFactory.getLogger("io.payonce.dlt.ALERT");

	@Override
	public void send(Alert alert) {
		if (alert.level() == AlertLevel.CRITICAL) {
			log.error(alert.summary());
		}
		else if (alert.level() == AlertLevel.WARNING) {
			log.warn(alert.summary());
		}
		else {
			log.info(alert.summary());
		}
	}

}
