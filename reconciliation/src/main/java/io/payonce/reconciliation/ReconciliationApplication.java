package io.payonce.reconciliation;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Continuous reconciliation, ledger audit and audited reversals; see {@code package-info.java}. */
@SpringBootApplication
public class ReconciliationApplication {

	public static void main(String[] args) {
		SpringApplication.run(ReconciliationApplication.class, args);
	}

}
