package io.payonce.e2e.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The Dockerfile of a service module, read as instructions (continuation lines joined, comments dropped). */
final class Dockerfiles {

	private Dockerfiles() {
	}

	static List<String> instructions(String service) {
		String text = DeployFiles.read(DeployFiles.root().resolve(service).resolve("Dockerfile"));
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
	static List<String> finalStage(String service) {
		List<String> all = instructions(service);
		int lastFrom = 0;
		for (int i = 0; i < all.size(); i++) {
			if (all.get(i).startsWith("FROM ")) {
				lastFrom = i;
			}
		}
		return all.subList(lastFrom, all.size());
	}

	/** The user the final stage runs as, as written after USER (uid, or uid:gid reduced to uid). */
	static String userId(String service) {
		String user = null;
		for (String instruction : finalStage(service)) {
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

	static String argDefault(String service, String name) {
		Pattern arg = Pattern.compile("ARG " + Pattern.quote(name) + "=(\\S+)");
		for (String instruction : instructions(service)) {
			Matcher matcher = arg.matcher(instruction);
			if (matcher.matches()) {
				return matcher.group(1);
			}
		}
		return null;
	}

}
