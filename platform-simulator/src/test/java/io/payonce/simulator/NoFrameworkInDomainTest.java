package io.payonce.simulator;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** The platform's rules are plain Java; HTTP, JSON, files and Spring live in sub-packages and config/web. */
class NoFrameworkInDomainTest {

	private final JavaClasses classes = new ClassFileImporter().withImportOption(new ImportOption.DoNotIncludeTests())
		.importPackages("io.payonce.simulator");

	@Test
	void paymentsCallbacksJournalAndStatementsKnowNoFrameworkNoHttpNoJson() {
		noClasses().that()
			.resideInAnyPackage("io.payonce.simulator.payment", "io.payonce.simulator.callback",
					"io.payonce.simulator.journal", "io.payonce.simulator.statement")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..", "tools.jackson..", "java.net..", "java.nio.file..")
			.check(this.classes);
	}

	@Test
	void theApiViewsAndTheClientKnowNoSpringSoTestsCanUseThemWithoutIt() {
		noClasses().that()
			.resideInAnyPackage("io.payonce.simulator.api..", "io.payonce.simulator.client..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..")
			.check(this.classes);
	}

}
