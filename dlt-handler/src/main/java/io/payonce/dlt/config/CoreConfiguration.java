package io.payonce.dlt.config;

import java.time.Clock;

import io.payonce.dlt.terminal.AuditEntry;
import io.payonce.dlt.terminal.AuditTrail;
import io.payonce.dlt.terminal.StatusChange;
import io.payonce.dlt.terminal.TerminalIndex;
import io.payonce.dlt.terminal.file.JsonLinesAuditTrail;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The clock, the terminal index and the audit trail shared by the console and the alerts. */
@Configuration(proxyBeanMethods = false)
class CoreConfiguration {

	@Bean
	@ConditionalOnMissingBean
	Clock clock() {
		return Clock.systemUTC();
	}

	@Bean
	AuditTrail auditTrail(ConsoleProperties console) {
		return new JsonLinesAuditTrail(console.auditFile());
	}

	/** Operators' earlier decisions are applied before the terminal listener starts feeding records. */
	@Bean
	TerminalIndex terminalIndex(AuditTrail auditTrail) {
		TerminalIndex index = new TerminalIndex();
		for (AuditEntry entry : auditTrail.entries()) {
			for (StatusChange change : entry.changes()) {
				index.recorded(change);
			}
		}
		return index;
	}

}
