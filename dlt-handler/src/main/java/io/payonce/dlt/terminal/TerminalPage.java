package io.payonce.dlt.terminal;

import java.util.List;
import java.util.Optional;

/**
 * One page of the newest-first terminal list.
 *
 * @param records at most the page size, newest first
 * @param next where the following page starts; empty on the last page
 */
public record TerminalPage(List<TerminalRecord> records, Optional<PageCursor> next) {

	public TerminalPage {
		records = List.copyOf(records);
	}

}
