package io.payonce.gateway.callback.domain;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** The intake rules are plain Java: no Spring, no JDBC, no servlet, no Jackson, no logging framework. */
class DomainKnowsNoFrameworkTest {

	@Test
	void domainDependsOnNoFramework() {
		JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages("io.payonce.gateway");

		noClasses().that()
			.resideInAPackage("..gateway.callback.domain..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..", "java.sql..", "javax.sql..", "jakarta..", "tools.jackson..",
					"org.slf4j..", "io.micrometer..")
			.check(classes);
	}

}
