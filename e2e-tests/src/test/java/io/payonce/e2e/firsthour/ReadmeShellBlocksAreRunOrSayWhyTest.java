package io.payonce.e2e.firsthour;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * No shell block of the README goes unchecked: each one is a step of the first-hour walkthrough, which
 * {@link FirstHourWalkthroughIT} runs and checks, or says why it is not run. And every step the README has, the
 * walkthrough test checks (a new step without a check fails here, without a stack).
 */
class ReadmeShellBlocksAreRunOrSayWhyTest {

	@Test
	void everyShellBlockIsAWalkthroughStepOrSaysWhyItIsNotRun() {
		List<ReadmeShellBlocks.Block> blocks = ReadmeShellBlocks.ofReadme();

		assertThat(blocks).hasSizeGreaterThan(10);
		assertThat(blocks).allSatisfy(block -> assertThat(block.step() != null || block.whyNotRun() != null)
			.as("README.md line %d: a ```bash block needs <!-- first-hour: <step> --> or"
					+ " <!-- readme-test: not run (<why>) --> on the line before it; it has %s", block.line(), block.marker())
			.isTrue());
	}

	@Test
	void theWalkthroughTestChecksEveryStepOfTheReadmeInItsOrder() {
		List<String> steps = ReadmeShellBlocks.walkthrough().stream().map(ReadmeShellBlocks.Block::step).toList();

		assertThat(steps).doesNotHaveDuplicates();
		assertThat(steps).containsExactlyElementsOf(FirstHourWalkthroughIT.STEPS);
	}

	@Test
	void theParserSeesMarkersAndBlocks() {
		String markdown = "text\n<!-- first-hour: up -->\n```bash\n./payonce up\n```\n\n```bash\nls\n```\n"
				+ "<!-- readme-test: not run (needs Docker) -->\n```bash\ndocker ps\n```\n";

		List<ReadmeShellBlocks.Block> blocks = ReadmeShellBlocks.parse(markdown);

		assertThat(blocks).extracting(ReadmeShellBlocks.Block::step).containsExactly("up", null, null);
		assertThat(blocks).extracting(ReadmeShellBlocks.Block::whyNotRun).containsExactly(null, null, "needs Docker");
		assertThat(blocks.get(0).script()).isEqualTo("./payonce up\n");
	}

}
