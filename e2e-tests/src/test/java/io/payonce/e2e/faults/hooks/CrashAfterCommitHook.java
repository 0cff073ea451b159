package io.payonce.e2e.faults.hooks;

import java.time.Instant;
import java.util.List;

import io.payonce.consumer.deduct.domain.Ledger;
import io.payonce.consumer.deduct.domain.LedgerResult;
import io.payonce.contract.PaySuccess;
import io.payonce.contract.TraceContext;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * A fault hook that runs INSIDE a deduct-consumer process, never in the test JVM: the fault suite puts this class
 * on the consumer's classpath through Spring Boot's {@code loader.path} (with an
 * {@code AutoConfiguration.imports} that names it), the service jar itself unchanged. It is the e2e twin of the
 * consumer's {@code CrashAfterCommitIT} hook: it wraps the {@link Ledger} and, right after the transaction that
 * deducted a payment whose orderNo contains the marker of {@value #MARKER_VARIABLE} committed, halts the JVM
 * ({@code Runtime.halt}: no shutdown hook, no offset commit, no Redis completion), exit status 137 as after a
 * {@code kill -9}. A redelivery of that payment is a duplicate (not DEDUCTED), so it crashes once per marker order.
 */
@Configuration(proxyBeanMethods = false)
public class CrashAfterCommitHook {

	/** Environment variable of the consumer process: the orderNo substring that arms the crash. */
	public static final String MARKER_VARIABLE = "PAYONCE_E2E_CRASH_AFTER_COMMIT";

	/** The exit status of the halt, the same as a SIGKILL's. */
	public static final int EXIT_STATUS = 137;

	@Bean
	static BeanPostProcessor payonceE2eCrashAfterCommit() {
		String marker = System.getenv(MARKER_VARIABLE);
		return new BeanPostProcessor() {
			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (marker == null || marker.isBlank() || !(bean instanceof Ledger real)) {
					return bean;
				}
				return new Ledger() {
					@Override
					public List<LedgerResult> deductAll(List<PaySuccess> payments, Instant now) {
						return haltAfterTheMarkedDeduction(payments, real.deductAll(payments, now));
					}

					@Override
					public List<LedgerResult> deductAll(List<PaySuccess> payments, List<TraceContext> traces,
							Instant now) {
						return haltAfterTheMarkedDeduction(payments, real.deductAll(payments, traces, now));
					}

					// by kind, never by identity: a deduction's result carries its flow (one object per payment)
					private List<LedgerResult> haltAfterTheMarkedDeduction(List<PaySuccess> payments,
							List<LedgerResult> results) {
						for (int i = 0; i < payments.size(); i++) {
							if (payments.get(i).orderNo().contains(marker)
									&& results.get(i).kind() == LedgerResult.Kind.DEDUCTED) {
								System.err.println("e2e crash hook: halting after the commit that deducted "
										+ payments.get(i).orderNo() + " (" + payments.size() + " payments in the poll)");
								System.err.flush();
								Runtime.getRuntime().halt(EXIT_STATUS);
							}
						}
						return results;
					}
				};
			}
		};
	}

}
