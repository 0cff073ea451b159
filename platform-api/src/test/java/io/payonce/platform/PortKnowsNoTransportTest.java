package io.payonce.platform;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** The port and its values are plain Java: HTTP, JSON and the statement's file format live in sub-packages. */
class PortKnowsNoTransportTest {

	private final JavaClasses classes = new ClassFileImporter().withImportOption(new ImportOption.DoNotIncludeTests())
		.importPackages("io.payonce.platform");

	@Test
	void thePortPackageUsesNeitherHttpNorJsonNorAFramework() {
		noClasses().that()
			.resideInAPackage("io.payonce.platform")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("java.net..", "tools.jackson..", "com.fasterxml..", "org.springframework..",
					"io.payonce.platform.http..", "io.payonce.platform.statement..", "io.payonce.platform.callback..")
			.check(this.classes);
	}

}
