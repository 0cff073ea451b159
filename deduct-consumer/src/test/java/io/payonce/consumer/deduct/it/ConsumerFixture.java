package io.payonce.consumer.deduct.it;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.Map;

import io.payonce.contract.PaySuccess;
import io.payonce.infra.LocalStack;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What most consumer ITs share, as a JUnit extension: the shared local stack, a fresh consumer group that
 * starts at the end of {@code pay.success}, one consumer instance in this JVM, the topics and the trade
 * database. After the class it closes the consumer and, should a test have stopped Redis, starts it again
 * for the next class.
 *
 * <pre>
 * &#64;RegisterExtension
 * static final ConsumerFixture fixture = ConsumerFixture.named("first");
 * </pre>
 */
final class ConsumerFixture implements BeforeAllCallback, AfterAllCallback {

	private final LocalStack stack = LocalStack.shared();

	private final String name;

	private final String group;

	private final Map<String, String> overrides;

	private final Class<?>[] extraSources;

	private PaymentTopics topics;

	private ConsumerInstance consumer;

	private TradeDatabase trade;

	private ConsumerFixture(String name, Map<String, String> overrides, Class<?>... extraSources) {
		this.name = name;
		this.group = Fixtures.aGroup(name);
		this.overrides = overrides;
		this.extraSources = extraSources;
	}

	static ConsumerFixture named(String name) {
		return new ConsumerFixture(name, Map.of());
	}

	/** Settings that win over application.yml, and extra configuration classes (fault injection). */
	static ConsumerFixture named(String name, Map<String, String> overrides, Class<?>... extraSources) {
		return new ConsumerFixture(name, overrides, extraSources);
	}

	@Override
	public void beforeAll(ExtensionContext context) {
		this.topics = new PaymentTopics(this.stack);
		this.topics.startGroupAtEnd(this.group);
		this.consumer = ConsumerInstance.start(this.stack, this.name, this.group, this.overrides, this.extraSources);
		this.trade = new TradeDatabase(this.stack);
	}

	@Override
	public void afterAll(ExtensionContext context) {
		if (!this.stack.redis().isRunning()) {
			this.stack.redis().start();
		}
		if (this.consumer != null) {
			this.consumer.close();
		}
		if (this.topics != null) {
			this.topics.close();
		}
	}

	LocalStack stack() {
		return this.stack;
	}

	String group() {
		return this.group;
	}

	PaymentTopics topics() {
		return this.topics;
	}

	ConsumerInstance consumer() {
		return this.consumer;
	}

	TradeDatabase trade() {
		return this.trade;
	}

	/**
	 * Seeds a user with {@code balance} and an order of {@code amount}, publishes its payment and waits until the
	 * consumer has deducted it.
	 *
	 * @return the payment that paid the order
	 */
	PaySuccess anOrderPaidByItsFirstPayment(String balance, String amount) {
		long user = Fixtures.aUserId();
		String orderNo = Fixtures.anOrderNo();
		this.trade.account(user, balance);
		this.trade.order(orderNo, user, amount, "INIT");
		PaySuccess first = Fixtures.aPayment(orderNo, user, amount);
		this.topics.publish(first);
		await().atMost(Duration.ofSeconds(60)).until(() -> this.trade.deductions(orderNo) == 1);
		return first;
	}

	/** Records of {@code pay.success} the group has committed. */
	long committed() {
		return this.topics.committed(this.group);
	}

	/** Records in {@code pay.success}. */
	long end() {
		return this.topics.end();
	}

}
