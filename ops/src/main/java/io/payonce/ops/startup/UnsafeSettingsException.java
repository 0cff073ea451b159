package io.payonce.ops.startup;

import java.util.List;

/** The service would run with settings that are public or weak; the message is one line naming each. */
public final class UnsafeSettingsException extends IllegalStateException {

	private final List<String> problems;

	public UnsafeSettingsException(List<String> problems) {
		super("Refusing to start outside the '" + UnsafeSettingsCheck.LOCAL_PROFILE + "' profile: "
				+ String.join("; ", problems));
		this.problems = List.copyOf(problems);
	}

	public List<String> problems() {
		return this.problems;
	}

}
