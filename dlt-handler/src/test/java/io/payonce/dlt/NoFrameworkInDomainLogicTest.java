package io.payonce.dlt;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The retry schedule, the terminal index, the alert rules, the replay rules and the duplicate-payment index
 * and refund rules, the replay forecast and the overview's metric rules are plain Java: no Spring,
 * no Kafka, no Jackson. Adapters live in the {@code streams}, {@code kafka}, {@code infra},
 * {@code web} sub-packages.
 */
class NoFrameworkInDomainLogicTest {

	private static final JavaClasses CLASSES = new ClassFileImporter()
		.withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
		.importPackages("io.payonce.dlt");

	@Test
	void domainPackagesKnowNoFramework() {
		ArchRule rule = noClasses().that()
			.resideInAnyPackage("io.payonce.dlt.retry", "io.payonce.dlt.terminal", "io.payonce.dlt.alert",
					"io.payonce.dlt.refund", "io.payonce.dlt.forecast", "io.payonce.dlt.overview")
			.or()
			.haveFullyQualifiedName("io.payonce.dlt.console.ReplayService")
			.or()
			.haveFullyQualifiedName("io.payonce.dlt.console.ReplayRateLimit")
			// the order timeline's rules: the timeline value, "now", the ports
			.or()
			.resideInAPackage("io.payonce.dlt.timeline")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..", "org.apache.kafka..", "tools.jackson..",
					"com.fasterxml.jackson..", "io.micrometer..");
		rule.check(CLASSES);
	}

}
