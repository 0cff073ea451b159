package io.payonce.gateway.callback.web;

import java.io.IOException;
import java.security.Principal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.gateway.callback.CallbackProperties;
import io.payonce.gateway.callback.domain.CallbackIntake;
import io.payonce.gateway.callback.domain.CallbackValidator;
import io.payonce.gateway.callback.domain.FieldError;
import io.payonce.gateway.callback.domain.IntakeOutcome;
import io.payonce.gateway.callback.domain.InvalidCallbackException;
import io.payonce.gateway.callback.domain.PaymentCallback;
import io.payonce.gateway.callback.domain.PaymentSource;
import io.payonce.gateway.callback.jdbc.PaymentLookup;
import io.payonce.gateway.callback.jdbc.PaymentLookup.DayPayment;
import jakarta.servlet.http.HttpServletRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The platform side's door into the gateway, on the lookup port only ({@link LookupServer}), for ops users:
 * <ul>
 * <li>{@code POST /api/v1/payments/repairs?source=QUERY|STATEMENT&reference=…} (ADMIN, the shared rule for every
 * write): a payment the platform holds and no callback brought, found by active query or on the statement. The
 * body is the callback's JSON, read by the same parser and validator, and recorded by the same
 * {@link CallbackIntake} (same idempotency, same outbox) with its source. So a payment found twice (two
 * reconciliation instances, a query and a statement, a late callback) is recorded once: the second answer is
 * {@code DUPLICATE}; a second charge is {@code DUPLICATE_PAYMENT} and on the refund list; other content for a known
 * payNo is 409, nothing written. Audited: a WARN log line with the operator and the reference, and the counter
 * {@code payonce.gateway.payments.found} (tags {@code source}, {@code result}).</li>
 * <li>{@code GET /api/v1/payments/days/{yyyy-MM-dd}} (VIEWER or ADMIN): every payment row of a UTC day, what
 * statement reconciliation matches a statement against.</li>
 * </ul>
 */
@RestController
class PaymentRepairController {

	static final String FOUND_METRIC = "payonce.gateway.payments.found";

	private static final Logger log = LoggerFactory.getLogger(PaymentRepairController.class);

	private static final Pattern REFERENCE = Pattern.compile("[\\x21-\\x7e]{1,128}");

	private final BoundedBodyReader bodyReader;

	private final CallbackValidator validator;

	private final CallbackIntake intake;

	private final PaymentLookup payments;

	private final MeterRegistry meters;

	PaymentRepairController(CallbackProperties properties, CallbackValidator validator, CallbackIntake intake,
			PaymentLookup payments, MeterRegistry meters) {
		this.bodyReader = new BoundedBodyReader(properties.maxBodySize().toBytes());
		this.validator = validator;
		this.intake = intake;
		this.payments = payments;
		this.meters = meters;
	}

	@PostMapping(path = LookupServer.LOOKUP_PATH + "repairs", produces = MediaType.APPLICATION_JSON_VALUE)
	Map<String, Object> repair(HttpServletRequest request, @RequestParam(required = false) String source,
			@RequestParam(required = false) String reference, Principal operator) throws IOException {
		PaymentSource from = source(source);
		if (reference != null && !REFERENCE.matcher(reference).matches()) {
			throw invalid("reference", "must be 1-128 printable ASCII characters without spaces");
		}
		byte[] body = this.bodyReader.read(request.getContentLengthLong(), request.getInputStream());
		PaymentCallback payment = CallbackJson.parse(body, this.validator::validate);
		MDC.put(OrderNoMdcFilter.ORDER_NO, payment.orderNo());
		IntakeOutcome outcome = this.intake.receive(payment, from);
		Counter.builder(FOUND_METRIC)
			.description("Payments brought in by active query or statement reconciliation, by outcome")
			.tag("source", from.name().toLowerCase())
			.tag("result", outcome.result().name().toLowerCase())
			.register(this.meters)
			.increment();
		String who = (operator != null) ? operator.getName() : "?";
		switch (outcome.result()) {
			case ACCEPTED -> log.warn(
					"Payment {} of order {} ({} {}) found by {}, its callback never came: recorded, event {} (by {}, reference {})",
					payment.payNo(), payment.orderNo(), payment.amount(), payment.currency(), from, outcome.eventId(),
					who, reference);
			case DUPLICATE_PAYMENT -> log.warn(
					"Second payment {} of order {} ({} {}) found by {}: owed back (first {}, event {}, new {}; by {}, reference {})",
					payment.payNo(), payment.orderNo(), payment.amount(), payment.currency(), from, outcome.firstPayNo(),
					outcome.eventId(), outcome.published(), who, reference);
			case DUPLICATE -> log.info("Payment {} found by {} was already recorded (by {}, reference {})",
					payment.payNo(), from, who, reference);
			case CONFLICT -> {
				log.warn("Payment {} found by {} conflicts with the recorded one in {} (by {}, reference {})",
						payment.payNo(), from, outcome.conflictingFields(), who, reference);
				throw new PaymentConflictException(payment.orderNo(), outcome.conflictingFields());
			}
		}
		Map<String, Object> answer = new LinkedHashMap<>();
		answer.put("result", outcome.result().name());
		answer.put("eventId", outcome.eventId());
		answer.put("published", outcome.published());
		answer.put("firstPayNo", outcome.firstPayNo());
		return answer;
	}

	@GetMapping(LookupServer.LOOKUP_PATH + "days/{day}")
	List<DayPayment> day(@PathVariable String day) {
		try {
			return this.payments.day(LocalDate.parse(day));
		}
		catch (DateTimeParseException ex) {
			throw invalid("day", "must be a date yyyy-MM-dd");
		}
	}

	private static PaymentSource source(String source) {
		if (PaymentSource.QUERY.name().equals(source) || PaymentSource.STATEMENT.name().equals(source)) {
			return PaymentSource.valueOf(source);
		}
		throw invalid("source", "must be QUERY or STATEMENT");
	}

	private static InvalidCallbackException invalid(String field, String message) {
		return InvalidCallbackException.invalidFields(List.of(new FieldError(field, message)));
	}

}
