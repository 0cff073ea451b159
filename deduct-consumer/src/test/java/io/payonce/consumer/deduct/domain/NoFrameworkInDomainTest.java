package io.payonce.consumer.deduct.domain;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** The deduction rules stay plain Java: no Spring, Kafka, Redisson, JDBC or Micrometer in the domain. */
class NoFrameworkInDomainTest {

	@Test
	void theDomainImportsNoFramework() {
		JavaClasses domain = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.importPackages("io.payonce.consumer.deduct.domain");
		noClasses().should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..", "org.apache.kafka..", "org.redisson..", "java.sql..",
					"javax.sql..", "io.micrometer..")
			.check(domain);
	}

}
