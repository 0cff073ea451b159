package io.payonce.e2e.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The one Dockerfile of the services, read as instructions (continuation lines joined, comments dropped). */
final class Dockerfiles {

	private Dockerfiles() {
	}

	static List<String> instructions() {
		String text = DeployFiles.read(DeployFiles.dockerfile());
		List<String> instructions = new ArrayList<>();
		StringBuilder current = new StringBuilder();
		for (String line : text.split("\n")) {
			String trimmed = line.trim();
			if (trimmed.startsWith("#") || trimmed.isEmpty()) {
				continue;
			}
			if (trimmed.endsWith("\\")) {
				current.append(trimmed, 0, trimmed.length() - 1).append(' ');
				continue;
			}
			current.append(trimmed);
			instructions.add(current.toString());
			current.setLength(0);
		}
		return instructions;
	}

	/** Instructions of the last stage only (after the last FROM). */
	static List<String> finalStage() {
		List<String> all = instructions();
		int lastFrom = 0;
		for (int i = 0; i < all.size(); i++) {
			if (all.get(i).startsWith("FROM ")) {
				lastFrom = i;
			}
		}
		return all.subList(lastFrom, all.size());
	}

	/** The user the final stage runs as, as written after USER (uid, or uid:gid reduced to uid). */
	static String userId() {
		String user = null;
		for (String instruction : finalStage()) {
			if (instruction.startsWith("USER ")) {
				user = instruction.substring(5).trim();
			}
		}
		if (user == null) {
			return "root";
		}
		int colon = user.indexOf(':');
		return (colon < 0) ? user : user.substring(0, colon);
	}

	/** The default of a build argument, "" for one without a default, null if there is no such ARG. */
	static String argDefault(String name) {
		Pattern arg = Pattern.compile("ARG " + Pattern.quote(name) + "(?:=(\\S+))?");
		for (String instruction : instructions()) {
			Matcher matcher = arg.matcher(instruction);
			if (matcher.matches()) {
				return (matcher.group(1) != null) ? matcher.group(1) : "";
			}
		}
		return null;
	}

}
