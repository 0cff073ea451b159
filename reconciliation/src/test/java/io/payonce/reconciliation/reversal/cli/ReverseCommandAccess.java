package io.payonce.reconciliation.reversal.cli;

import java.util.Map;

/** Lets tests run the CLI without {@code System.exit}. */
public final class ReverseCommandAccess {

	private ReverseCommandAccess() {
	}

	public static int run(long flowId, String operator, String reason, Map<String, String> env) {
		return ReverseCommand.run(
				new String[] { "--flow-id=" + flowId, "--operator=" + operator, "--reason=" + reason }, env);
	}

}
