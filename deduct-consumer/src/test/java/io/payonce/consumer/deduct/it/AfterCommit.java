package io.payonce.consumer.deduct.it;

import java.util.List;
import java.util.function.BiConsumer;

import io.payonce.consumer.deduct.domain.Ledger;
import io.payonce.consumer.deduct.domain.LedgerResult;
import io.payonce.contract.PaySuccess;
import org.springframework.beans.factory.config.BeanPostProcessor;

/** Fault injection for ITs: runs a step after the real ledger transaction has committed. */
final class AfterCommit {

	private AfterCommit() {
	}

	static BeanPostProcessor run(BiConsumer<PaySuccess, LedgerResult> step) {
		return new BeanPostProcessor() {
			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (!(bean instanceof Ledger)) {
					return bean;
				}
				Ledger real = (Ledger) bean;
				return (Ledger) (payments, now) -> {
					List<LedgerResult> results = real.deductAll(payments, now);
					for (int i = 0; i < payments.size(); i++) {
						step.accept(payments.get(i), results.get(i));
					}
					return results;
				};
			}
		};
	}

}
