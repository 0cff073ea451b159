package io.payonce.gateway.callback.web;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.Enumeration;
import java.util.Map;
import java.util.StringJoiner;

import io.payonce.contract.TraceContext;
import io.payonce.gateway.callback.CallbackProperties;
import io.payonce.gateway.callback.domain.CallbackIntake;
import io.payonce.gateway.callback.domain.CallbackValidator;
import io.payonce.gateway.callback.domain.IntakeOutcome;
import io.payonce.gateway.callback.domain.PaymentCallback;
import io.payonce.gateway.callback.domain.SignatureVerifier;
import io.payonce.gateway.callback.domain.StoreUnavailableException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/v1/callbacks/pay}. The order of checks is the point: size before reading, signature over
 * the raw bytes before parsing (an unauthenticated body is never interpreted), validation before any write.
 * Errors are thrown and answered by {@link CallbackProblems}.
 */
@RestController
class CallbackController {

	private static final Logger log = LoggerFactory.getLogger(CallbackController.class);

	/** {@code {"result":"<RESULT>"}} of each result, encoded once. */
	private static final Map<IntakeOutcome.Result, byte[]> ANSWERS = answers();

	private final BoundedBodyReader bodyReader;

	private final SignatureVerifier signatures;

	private final CallbackValidator validator;

	private final CallbackIntake intake;

	private final CallbackMetrics metrics;

	private final CallbackTrace trace;

	private final CallbackFacts facts;

	private static Map<IntakeOutcome.Result, byte[]> answers() {
		Map<IntakeOutcome.Result, byte[]> answers = new EnumMap<>(IntakeOutcome.Result.class);
		for (IntakeOutcome.Result result : IntakeOutcome.Result.values()) {
			// the names are plain upper-case words: nothing to escape
			answers.put(result, ("{\"result\":\"" + result.name() + "\"}").getBytes(StandardCharsets.UTF_8));
		}
		return answers;
	}

	CallbackController(CallbackProperties properties, SignatureVerifier signatures, CallbackValidator validator,
			CallbackIntake intake, CallbackMetrics metrics, CallbackTrace trace, CallbackFacts facts) {
		this.bodyReader = new BoundedBodyReader(properties.maxBodySize().toBytes());
		this.signatures = signatures;
		this.validator = validator;
		this.intake = intake;
		this.metrics = metrics;
		this.trace = trace;
		this.facts = facts;
	}

	/**
	 * Writes its 200 answer itself: one of a few fixed bodies, no message converter to choose, no content negotiation
	 * beyond {@code produces} (which still answers 406 to an Accept without JSON) and no JSON writer per callback
	 * (issue 19). The same bytes as before: {@code Content-Type: application/json}, chunked, because the answer is
	 * flushed as Spring's converter flushed it ({@code CallbackAnswersKeepTheirExactBytesIT}).
	 */
	@PostMapping(path = CallbackAccess.PATH, produces = MediaType.APPLICATION_JSON_VALUE)
	void pay(HttpServletRequest request, HttpServletResponse response) throws IOException {
		byte[] body = this.bodyReader.read(request.getContentLengthLong(), request.getInputStream());
		this.signatures.verify(signatureHeader(request), body);
		PaymentCallback callback = CallbackJson.parse(body, this.validator::validate);
		// Removed by OrderNoMdcFilter after the response, so that error answers are logged with it too.
		MDC.put(OrderNoMdcFilter.ORDER_NO, callback.orderNo());
		TraceContext trace = this.trace.current();
		IntakeOutcome outcome;
		try {
			outcome = this.intake.receive(callback, trace);
		}
		catch (StoreUnavailableException ex) {
			this.facts.unavailable(callback, trace); // answered 503 by CallbackProblems
			throw ex;
		}
		// after the intake's commit, before the answer is written: the timeline has what the platform is told
		this.facts.answered(callback, outcome, trace);
		switch (outcome.result()) {
			case ACCEPTED -> {
				this.metrics.accepted();
				log.info("Accepted payment {} status {} event {}", callback.payNo(), callback.status(),
						outcome.eventId());
			}
			case DUPLICATE -> {
				this.metrics.duplicate();
				log.info("Duplicate callback for payment {} absorbed", callback.payNo());
			}
			case DUPLICATE_PAYMENT -> {
				this.metrics.duplicatePayment(outcome.published());
				if (outcome.published()) {
					log.warn("Second payment {} of {} {} for an order paid by {}: recorded, owed back (event {})",
							callback.payNo(), callback.amount(), callback.currency(), outcome.firstPayNo(),
							outcome.eventId());
				}
				else {
					log.info("Duplicate callback for second payment {} absorbed", callback.payNo());
				}
			}
			case CONFLICT -> {
				this.metrics.conflict();
				log.warn("Conflicting callback for payment {}: differs in {}", callback.payNo(),
						outcome.conflictingFields());
				throw new PaymentConflictException(callback.orderNo(), outcome.conflictingFields());
			}
		}
		response.setStatus(HttpServletResponse.SC_OK);
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		response.getOutputStream().write(ANSWERS.get(outcome.result()));
		response.flushBuffer();
	}

	/**
	 * The {@code Payonce-Signature} header as {@code @RequestHeader(required = false) String} gave it: {@code null}
	 * when absent, several values joined by commas (so two headers are two sets of entries, and two {@code t} are
	 * refused as malformed, never the first one alone checked). Read here instead of by an argument resolver, which
	 * built a data binder and asked the conversion service on every callback (issue 19); the same value
	 * ({@code SignatureHeaderReadsAsRequestHeaderTest}).
	 */
	static String signatureHeader(HttpServletRequest request) {
		Enumeration<String> values = request.getHeaders(SignatureVerifier.HEADER);
		if (values == null || !values.hasMoreElements()) {
			return null;
		}
		String first = values.nextElement();
		if (!values.hasMoreElements()) {
			return first;
		}
		StringJoiner all = new StringJoiner(",").add(first);
		values.asIterator().forEachRemaining(all::add);
		return all.toString();
	}

}
