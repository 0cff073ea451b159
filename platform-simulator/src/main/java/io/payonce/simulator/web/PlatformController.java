package io.payonce.simulator.web;

import java.net.URI;
import java.time.LocalDate;
import java.util.List;

import io.payonce.platform.statement.StatementCsv;
import io.payonce.simulator.Simulator;
import io.payonce.simulator.api.ChargeSpec;
import io.payonce.simulator.api.ChargeView;
import io.payonce.simulator.api.PaymentView;
import io.payonce.simulator.api.QueryView;
import io.payonce.simulator.api.SummaryView;
import io.payonce.simulator.payment.Charge;
import io.payonce.simulator.payment.Payment;
import io.payonce.simulator.payment.Platform;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The platform's HTTP API (README.md): charge, look at payments and callbacks, query an order, statements. */
@RestController
@RequestMapping("/api/v1")
class PlatformController {

	private final Simulator simulator;

	PlatformController(Simulator simulator) {
		this.simulator = simulator;
	}

	/** "The user paid": 201 with the payment(s) made; 400 naming the field; 409 paid already or day issued. */
	@PostMapping("/payments")
	ResponseEntity<ChargeView> charge(@RequestBody ChargeSpec spec) {
		Charge charge = this.simulator.charge(spec.toRequest());
		Platform platform = this.simulator.platform();
		List<PaymentView> payments = charge.payments()
			.stream()
			.map(payment -> PaymentView.of(payment, platform.deliveriesOf(payment.payNo())))
			.toList();
		return ResponseEntity.created(URI.create("/api/v1/payments/" + charge.payments().get(0).payNo()))
			.body(new ChargeView(charge.orderNo(), charge.number(), charge.faults(), payments));
	}

	/** Every payment (of one order with {@code ?orderNo=}), oldest first, with its callbacks. */
	@GetMapping("/payments")
	List<PaymentView> payments(@RequestParam(required = false) String orderNo) {
		Platform platform = this.simulator.platform();
		List<Payment> payments = orderNo == null ? platform.payments() : platform.paymentsOf(orderNo);
		return payments.stream().map(payment -> PaymentView.of(payment, platform.deliveriesOf(payment.payNo()))).toList();
	}

	@GetMapping("/payments/{payNo}")
	ResponseEntity<PaymentView> payment(@PathVariable String payNo) {
		Platform platform = this.simulator.platform();
		return ResponseEntity.of(platform.payment(payNo).map(payment -> PaymentView.of(payment, platform.deliveriesOf(payNo))));
	}

	/** The query a merchant makes for an order it has not heard about: PAID with its payments, or NOT_PAID. */
	@GetMapping("/orders/{orderNo}")
	QueryView query(@PathVariable String orderNo) {
		return QueryView.of(orderNo, this.simulator.platform().paymentsOf(orderNo));
	}

	/** The statement of a UTC day (CSV, format in README.md); 409 before the day is over. */
	@GetMapping("/statements/{day}")
	ResponseEntity<byte[]> statement(@PathVariable LocalDate day) {
		return ResponseEntity.ok()
			.contentType(MediaType.parseMediaType(StatementCsv.MEDIA_TYPE + ";charset=UTF-8"))
			.header(HttpHeaders.CONTENT_DISPOSITION, "attachment; filename=\"" + StatementCsv.fileName(day) + "\"")
			.body(this.simulator.statement(day));
	}

	@GetMapping("/summary")
	SummaryView summary() {
		return SummaryView.of(this.simulator.platform().summary());
	}

}
