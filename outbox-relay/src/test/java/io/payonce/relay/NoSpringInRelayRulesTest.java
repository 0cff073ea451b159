package io.payonce.relay;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The delivery rules (what is sent, when a batch counts as done), the leader election and the connector
 * properties are plain Java, testable without a context; Spring stays in the wiring, the lifecycle and the
 * health adapter.
 */
class NoSpringInRelayRulesTest {

	private final JavaClasses classes = new ClassFileImporter().withImportOption(new ImportOption.DoNotIncludeTests())
		.importPackages("io.payonce.relay");

	@Test
	void deliveryKnowsNoSpring() {
		noClasses().that()
			.resideInAPackage("io.payonce.relay.delivery..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.springframework..")
			.check(this.classes);
	}

	@Test
	void leaderElectionKnowsNoSpring() {
		noClasses().that()
			.resideInAPackage("io.payonce.relay.leadership..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.springframework..")
			.check(this.classes);
	}

	@Test
	void connectorPropertiesAreBuiltWithoutSpring() {
		noClasses().that()
			.haveSimpleName("DebeziumConfiguration")
			.or()
			.haveSimpleName("ConnectorFlavour")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.springframework..")
			.check(this.classes);
	}

}
