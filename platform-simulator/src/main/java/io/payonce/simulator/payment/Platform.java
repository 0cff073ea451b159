package io.payonce.simulator.payment;

import java.math.BigDecimal;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Currency;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.payonce.platform.StatementRow;
import io.payonce.platform.callback.PayCallback;
import io.payonce.platform.statement.StatementCsv;
import io.payonce.simulator.callback.Attempt;
import io.payonce.simulator.callback.CallbackDelivery;
import io.payonce.simulator.callback.Deliveries;
import io.payonce.simulator.callback.RetrySchedule;
import io.payonce.simulator.journal.Journal;
import io.payonce.simulator.journal.Journal.Attempted;
import io.payonce.simulator.journal.Journal.Charged;
import io.payonce.simulator.journal.Journal.Entry;
import io.payonce.simulator.journal.Journal.Opened;
import io.payonce.simulator.journal.Journal.PlannedDelivery;
import io.payonce.simulator.statement.StatementArchive;
import io.payonce.simulator.statement.StatementNotReadyException;

/**
 * The simulated payment platform: its payments, the callbacks it owes the merchant, its statements. One lock
 * (this object) serialises every change; each change is journaled before it is applied, so what any caller has
 * seen survives a restart.
 * <p>
 * Rules, as real platforms have them: one order is paid once (a second charge of a paid order is refused; the
 * double charge is a fault, {@link Fault#CHARGE_TWICE}); a payment is timed to the second; a day's statement
 * exists once the UTC day is over (plus {@link PlatformSettings#statementReadyAfter()}), is issued once and never
 * changes, so no payment may be added to an issued day.
 */
public final class Platform {

	private static final Pattern BUSINESS_NO = Pattern.compile("[A-Za-z0-9_-]{1,64}");

	private static final Set<String> CURRENCIES = Currency.getAvailableCurrencies()
		.stream()
		.map(Currency::getCurrencyCode)
		.collect(Collectors.toUnmodifiableSet());

	private static final String ID_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

	private final PlatformSettings settings;

	private final FaultPlan faultPlan;

	private final Deliveries deliveries;

	private final Journal journal;

	private final StatementArchive archive;

	private final Clock clock;

	private final Map<String, Payment> byPayNo = new LinkedHashMap<>();

	private final Map<String, List<Payment>> byOrderNo = new HashMap<>();

	private final String instanceId;

	private long lastPayNo;

	private long lastCharge;

	/** Restores everything the journal holds, or opens a new journal. */
	public Platform(PlatformSettings settings, FaultPlan faultPlan, RetrySchedule schedule, Journal journal,
			StatementArchive archive, Clock clock) {
		this.settings = settings;
		this.faultPlan = faultPlan;
		this.deliveries = new Deliveries(schedule);
		this.journal = journal;
		this.archive = archive;
		this.clock = clock;
		List<Entry> entries = journal.entries();
		if (entries.isEmpty()) {
			Opened opened = new Opened(newInstanceId(), clock.instant());
			journal.append(opened);
			entries = List.of(opened);
		}
		if (!(entries.get(0) instanceof Opened opened)) {
			throw new IllegalStateException("the journal does not start with its Opened entry: " + entries.get(0));
		}
		this.instanceId = opened.instanceId();
		for (Entry entry : entries.subList(1, entries.size())) {
			apply(entry);
		}
	}

	/**
	 * Charges an order: one payment (two under {@link Fault#CHARGE_TWICE}) and the callbacks it owes.
	 * @throws InvalidChargeException naming every invalid field
	 * @throws ChargeRefusedException if the order is paid already or the day's statement is issued
	 */
	public synchronized Charge charge(ChargeRequest request) {
		validate(request);
		if (this.byOrderNo.containsKey(request.orderNo())) {
			throw new ChargeRefusedException(ChargeRefusedException.Reason.ORDER_ALREADY_PAID,
					"order " + request.orderNo() + " is paid already ("
							+ this.byOrderNo.get(request.orderNo()).get(0).payNo() + ")");
		}
		Instant now = this.clock.instant();
		Instant paidAt = (request.paidAt() == null ? now : request.paidAt()).truncatedTo(ChronoUnit.SECONDS);
		long number = request.faults() == null ? this.lastCharge + 1 : 0;
		Set<Fault> faults = request.faults() == null ? this.faultPlan.draw(number)
				: (request.faults().isEmpty() ? Set.of() : EnumSet.copyOf(request.faults()));

		long payNo = this.lastPayNo;
		List<Payment> payments = new ArrayList<>();
		List<PlannedDelivery> planned = new ArrayList<>();
		Payment first = payment(nextPayNo(++payNo), request, paidAt, faults, null, number);
		payments.add(first);
		for (int copy = 1; copy <= first.callbackCopies(); copy++) {
			planned.add(new PlannedDelivery(first.payNo(), copy,
					copy == 1 ? now : now.plus(this.settings.duplicateAfter())));
		}
		if (faults.contains(Fault.CHARGE_TWICE)) {
			Payment second = payment(nextPayNo(++payNo), request, paidAt.plus(this.settings.secondChargeAfter()),
					Set.of(), first.payNo(), number);
			payments.add(second);
			planned.add(new PlannedDelivery(second.payNo(), 1, now.plus(this.settings.secondChargeAfter())));
		}
		for (Payment payment : payments) {
			LocalDate day = dayOf(payment.paidAt());
			if (this.archive.isIssued(day)) {
				throw new ChargeRefusedException(ChargeRefusedException.Reason.STATEMENT_ISSUED,
						"payment at " + payment.paidAt() + " falls on " + day + ", whose statement is issued");
			}
		}
		Charged charged = new Charged(now, request.orderNo(), number, faults, payments, planned);
		this.journal.append(charged);
		apply(charged);
		return new Charge(request.orderNo(), number, faults, payments);
	}

	/** Every payment of the order, oldest first; empty if the platform took none. */
	public synchronized List<Payment> paymentsOf(String orderNo) {
		return List.copyOf(this.byOrderNo.getOrDefault(orderNo, List.of()));
	}

	public synchronized Optional<Payment> payment(String payNo) {
		return Optional.ofNullable(this.byPayNo.get(payNo));
	}

	/** Every payment, in the order they were made. */
	public synchronized List<Payment> payments() {
		return List.copyOf(this.byPayNo.values());
	}

	/** The deliveries of one payment's callback: none if it was lost, two if it was sent twice. */
	public synchronized List<CallbackDelivery> deliveriesOf(String payNo) {
		List<CallbackDelivery> of = new ArrayList<>();
		for (int copy = 1; copy <= 2; copy++) {
			this.deliveries.get(CallbackDelivery.id(payNo, copy)).ifPresent(of::add);
		}
		return of;
	}

	/** Up to {@code max} callback deliveries due now; each is in flight until its attempt is recorded. */
	public synchronized List<CallbackDelivery> takeDue(int max) {
		return this.deliveries.takeDue(this.clock.instant(), max);
	}

	/** When the next delivery not in flight is due. */
	public synchronized Optional<Instant> nextDue() {
		return this.deliveries.nextDue();
	}

	/** Records an attempt of a delivery handed out by {@link #takeDue}; returns the delivery after it. */
	public synchronized CallbackDelivery recordAttempt(String deliveryId, Attempt attempt) {
		CallbackDelivery delivery = this.deliveries.get(deliveryId)
			.orElseThrow(() -> new IllegalArgumentException("no delivery " + deliveryId));
		delivery.after(attempt, this.deliveries.schedule()); // refuses an impossible attempt before it is journaled
		this.journal.append(new Attempted(deliveryId, attempt));
		return this.deliveries.record(deliveryId, attempt);
	}

	/**
	 * The statement of a UTC day, issued on first request once the day is over; every later request gets the same
	 * bytes.
	 * @throws StatementNotReadyException before the day is over (plus the settling time)
	 */
	public synchronized byte[] statement(LocalDate day) {
		Optional<byte[]> issued = this.archive.find(day);
		if (issued.isPresent()) {
			return issued.get();
		}
		Instant readyAt = day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant().plus(this.settings.statementReadyAfter());
		if (this.clock.instant().isBefore(readyAt)) {
			throw new StatementNotReadyException(day, readyAt);
		}
		List<StatementRow> rows = this.byPayNo.values()
			.stream()
			.filter(payment -> dayOf(payment.paidAt()).equals(day))
			.map(payment -> new StatementRow(payment.payNo(), payment.orderNo(), payment.userId(),
					payment.statementAmount(), payment.currency(), payment.status(), payment.paidAt(), payment.fee()))
			.toList();
		byte[] content = StatementCsv.write(day, rows);
		this.archive.store(day, content);
		return content;
	}

	/** Counts for a look at the whole platform. */
	public synchronized Summary summary() {
		int lost = 0;
		int secondCharges = 0;
		for (Payment payment : this.byPayNo.values()) {
			if (payment.callbackCopies() == 0) {
				lost++;
			}
			if (payment.secondChargeOf() != null) {
				secondCharges++;
			}
		}
		return new Summary(this.byOrderNo.size(), this.byPayNo.size(), secondCharges, lost, this.deliveries.counts());
	}

	public String instanceId() {
		return this.instanceId;
	}

	public RetrySchedule schedule() {
		return this.deliveries.schedule();
	}

	/** Orders charged, payments taken (second charges included), callbacks lost, deliveries by state. */
	public record Summary(int orders, int payments, int secondCharges, int lostCallbacks, Deliveries.Counts callbacks) {

	}

	private void apply(Entry entry) {
		if (entry instanceof Charged charged) {
			for (Payment payment : charged.payments()) {
				this.byPayNo.put(payment.payNo(), payment);
				this.byOrderNo.computeIfAbsent(payment.orderNo(), orderNo -> new ArrayList<>()).add(payment);
				this.byOrderNo.get(payment.orderNo()).sort(Comparator.comparing(Payment::paidAt).thenComparing(Payment::payNo));
				this.lastPayNo++;
			}
			for (PlannedDelivery delivery : charged.deliveries()) {
				Payment payment = this.byPayNo.get(delivery.payNo());
				this.deliveries.add(CallbackDelivery.planned(delivery.copy(), callbackOf(payment), delivery.firstAttemptAt()));
			}
			this.lastCharge = Math.max(this.lastCharge, charged.number());
		}
		else if (entry instanceof Attempted attempted) {
			this.deliveries.replay(attempted.deliveryId(), attempted.attempt());
		}
		else {
			throw new IllegalStateException("unexpected journal entry " + entry);
		}
	}

	private Payment payment(String payNo, ChargeRequest request, Instant paidAt, Set<Fault> faults,
			String secondChargeOf, long number) {
		BigDecimal amount = request.amount().setScale(2);
		BigDecimal misstated = amount.add(this.settings.misstateDelta());
		return new Payment(payNo, request.orderNo(), request.userId(), amount, request.currency(), Payment.SUCCESS,
				paidAt, this.settings.feeOf(amount),
				faults.contains(Fault.MISSTATE_CALLBACK_AMOUNT) ? misstated : amount,
				faults.contains(Fault.MISSTATE_STATEMENT_AMOUNT) ? misstated : amount, faults, secondChargeOf, number);
	}

	private static PayCallback callbackOf(Payment payment) {
		return new PayCallback(payment.payNo(), payment.orderNo(), payment.userId(), payment.callbackAmount(),
				payment.currency(), payment.status(), payment.paidAt());
	}

	private String nextPayNo(long sequence) {
		return String.format("PN-%s-%08d", this.instanceId, sequence);
	}

	private static LocalDate dayOf(Instant instant) {
		return LocalDate.ofInstant(instant, ZoneOffset.UTC);
	}

	/** The rules of the callback (DESIGN.md), so that everything the platform sends can be accepted. */
	private static void validate(ChargeRequest request) {
		List<FieldError> errors = new ArrayList<>();
		if (request.orderNo() == null || !BUSINESS_NO.matcher(request.orderNo()).matches()) {
			errors.add(new FieldError("orderNo", "must be 1-64 characters of A-Z, a-z, 0-9, '_' or '-'"));
		}
		if (request.userId() == null || request.userId() <= 0) {
			errors.add(new FieldError("userId", "must be a positive integer"));
		}
		if (request.amount() == null || request.amount().signum() <= 0
				|| request.amount().stripTrailingZeros().scale() > 2) {
			errors.add(new FieldError("amount", "must be greater than 0 with at most 2 decimals"));
		}
		if (request.currency() == null || !CURRENCIES.contains(request.currency())) {
			errors.add(new FieldError("currency", "must be an ISO 4217 code such as CNY"));
		}
		if (!errors.isEmpty()) {
			throw new InvalidChargeException(errors);
		}
	}

	private static String newInstanceId() {
		SecureRandom random = new SecureRandom();
		StringBuilder id = new StringBuilder();
		for (int i = 0; i < 8; i++) {
			id.append(ID_ALPHABET.charAt(random.nextInt(ID_ALPHABET.length())));
		}
		return id.toString();
	}

}
