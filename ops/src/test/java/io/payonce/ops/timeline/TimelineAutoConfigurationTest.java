package io.payonce.ops.timeline;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/** What a service gets by depending on ops: one publisher, named after the service, switched by one setting. */
class TimelineAutoConfigurationTest {

	private final ApplicationContextRunner services = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(TimelineAutoConfiguration.class))
		.withPropertyValues("spring.application.name=payonce-deduct-consumer",
				"spring.kafka.bootstrap-servers=localhost:1");

	@Test
	void aServiceGetsOnePublisherOnByDefaultNamedAfterItsApplication() {
		this.services.run((context) -> {
			TimelinePublisher publisher = context.getBean(TimelinePublisher.class);
			assertThat(publisher.enabled()).isTrue();
			assertThat(publisher.identity().service()).isEqualTo("deduct-consumer");
			assertThat(publisher.identity().instance()).isNotBlank();
			assertThat(publisher.currentTraceId()).as("no tracer, no trace").isNull();
		});
	}

	@Test
	void oneSettingSwitchesItOffAndAnotherNamesTheInstance() {
		this.services.withPropertyValues("payonce.timeline.enabled=false", "payonce.timeline.instance=gw-7")
			.run((context) -> {
				TimelinePublisher publisher = context.getBean(TimelinePublisher.class);
				assertThat(publisher.enabled()).isFalse();
				assertThat(publisher.identity().instance()).isEqualTo("gw-7");
			});
	}

	@Test
	void aNegativeQueueCapacityRefusesTheStart() {
		this.services.withPropertyValues("payonce.timeline.queue-capacity=-1")
			.run((context) -> assertThat(context).hasFailed());
	}

}
