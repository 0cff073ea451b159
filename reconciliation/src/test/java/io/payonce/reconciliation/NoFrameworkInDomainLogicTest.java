package io.payonce.reconciliation;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** The rules (reconciler, audit, reversal, top-up) are plain Java: adapters live in sub-packages. */
class NoFrameworkInDomainLogicTest {

	private final JavaClasses classes = new ClassFileImporter().withImportOption(new ImportOption.DoNotIncludeTests())
		.importPackages("io.payonce.reconciliation");

	@Test
	void domainPackagesUseNeitherSpringNorKafkaNorJdbc() {
		noClasses().that()
			.resideInAnyPackage("io.payonce.reconciliation.continuous", "io.payonce.reconciliation.audit",
					"io.payonce.reconciliation.topup", "io.payonce.reconciliation.finding",
					"io.payonce.reconciliation.reversal", "io.payonce.reconciliation.alert",
					"io.payonce.reconciliation.platform", "io.payonce.reconciliation.statement")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("org.springframework..", "org.apache.kafka..", "java.sql..", "javax.sql..")
			.check(this.classes);
	}

}
