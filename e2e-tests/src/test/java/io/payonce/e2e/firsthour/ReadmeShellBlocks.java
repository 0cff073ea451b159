package io.payonce.e2e.firsthour;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.payonce.e2e.deploy.DeployFiles;

/**
 * The shell blocks ({@code ```bash}) of the repository's README, each with the marker on the line before it: either
 * {@code <!-- first-hour: <step> -->} (run by {@link FirstHourWalkthroughIT}, in README order) or
 * {@code <!-- readme-test: not run (<why>) -->}.
 */
final class ReadmeShellBlocks {

	private static final Pattern BLOCK = Pattern.compile("(?m)^(?:<!-- (.*?) -->\\n)?```bash\\n(.*?)^```$", Pattern.DOTALL);

	private static final Pattern STEP = Pattern.compile("first-hour: ([a-z0-9-]+)");

	private static final Pattern SKIP = Pattern.compile("readme-test: not run \\((.+)\\)");

	private ReadmeShellBlocks() {
	}

	/**
	 * @param marker the comment before the block, {@code null} if none
	 * @param step the walkthrough step, or {@code null}
	 * @param whyNotRun the reason a block is not run, or {@code null}
	 */
	record Block(int line, String marker, String step, String whyNotRun, String script) {

	}

	/** The repository root (where {@code ./payonce} is). */
	static Path root() {
		return DeployFiles.root();
	}

	static List<Block> ofReadme() {
		try {
			return parse(Files.readString(root().resolve("README.md"), StandardCharsets.UTF_8));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	static List<Block> parse(String markdown) {
		List<Block> blocks = new ArrayList<>();
		Matcher block = BLOCK.matcher(markdown);
		while (block.find()) {
			String marker = block.group(1);
			String step = null;
			String why = null;
			if (marker != null) {
				Matcher stepMatch = STEP.matcher(marker);
				Matcher skipMatch = SKIP.matcher(marker);
				step = stepMatch.matches() ? stepMatch.group(1) : null;
				why = skipMatch.matches() ? skipMatch.group(1) : null;
			}
			int line = (int) markdown.substring(0, block.start(2)).chars().filter(c -> c == '\n').count();
			blocks.add(new Block(line, marker, step, why, block.group(2)));
		}
		return blocks;
	}

	static List<Block> walkthrough() {
		return ofReadme().stream().filter(block -> block.step() != null).toList();
	}

}
