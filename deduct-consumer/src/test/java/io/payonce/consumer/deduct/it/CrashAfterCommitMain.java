package io.payonce.consumer.deduct.it;

import io.payonce.consumer.ConsumerApplication;
import io.payonce.consumer.deduct.domain.LedgerResult;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.annotation.Bean;

/**
 * A deduct consumer in its own process that dies like {@code kill -9} right after its deduction committed:
 * {@code Runtime.halt} runs no shutdown hook, so neither the Redis entry is marked DONE nor the offset
 * committed. Started by {@link CrashAfterCommitIT}; the order to crash on is the system property
 * {@code crash.order-no}.
 */
public final class CrashAfterCommitMain {

	static final int EXIT_CODE = 137;

	private CrashAfterCommitMain() {
	}

	public static void main(String[] args) {
		new SpringApplicationBuilder(ConsumerApplication.class, CrashAfterCommit.class).run(args);
	}

	/** Extra configuration source, never component-scanned. */
	static class CrashAfterCommit {

		@Bean
		static BeanPostProcessor crashAfterCommit() {
			String orderNo = System.getProperty("crash.order-no");
			return AfterCommit.run((payment, result) -> {
				if (payment.orderNo().equals(orderNo) && result.kind() == LedgerResult.Kind.DEDUCTED) {
					Runtime.getRuntime().halt(EXIT_CODE);
				}
			});
		}

	}

}
