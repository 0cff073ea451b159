package io.payonce.reconciliation.reversal.cli;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

import io.payonce.reconciliation.reversal.ReversalRequest;
import io.payonce.reconciliation.reversal.ReversalResult;
import io.payonce.reconciliation.reversal.ReversalService;
import io.payonce.reconciliation.reversal.jdbc.JdbcReversalLedger;
import io.payonce.reconciliation.reversal.kafka.KafkaReversalNotices;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/**
 * The operator's command-line reversal, the same {@link ReversalService} as the API (same checks, same
 * transaction, same audit table), without starting the service:
 *
 * <pre>
 * java -cp payonce-reconciliation-&lt;v&gt;-exec.jar -Dloader.main=io.payonce.reconciliation.reversal.cli.ReverseCommand \
 *      org.springframework.boot.loader.launch.PropertiesLauncher --flow-id=1002 --operator=alice --reason="double charge INC-17"
 * </pre>
 *
 * The booked reversal is announced on the reversals topic ({@code SPRING_KAFKA_BOOTSTRAP_SERVERS}, default
 * {@code localhost:19092}; {@code PAYONCE_RECONCILIATION_CONTINUOUS_REVERSALS_TOPIC}); Kafka unreachable is an
 * error line, not a failed reversal. The database comes from {@code SPRING_DATASOURCE_URL|USERNAME|PASSWORD} (URL and user default to the local
 * trade schema and the reconciliation's own user; the password has no default, as in the service). Exit code 0 when the flow is reversed (now or
 * before), 2 when the request was refused, 64 on bad usage.
 */
public final class ReverseCommand {

	private ReverseCommand() {
	}

	public static void main(String[] args) {
		System.exit(run(args, System.getenv()));
	}

	static int run(String[] args, Map<String, String> env) {
		Map<String, String> options = new LinkedHashMap<>();
		for (String arg : args) {
			int eq = arg.indexOf('=');
			if (!arg.startsWith("--") || eq < 0) {
				return usage("unexpected argument " + arg);
			}
			options.put(arg.substring(2, eq), arg.substring(eq + 1));
		}
		if (!options.containsKey("flow-id") || !options.containsKey("operator") || !options.containsKey("reason")) {
			return usage("--flow-id, --operator and --reason are required");
		}
		ReversalRequest request;
		try {
			request = new ReversalRequest(Long.parseLong(options.get("flow-id")), options.get("operator"),
					ReversalRequest.Channel.CLI, options.get("reason"));
		}
		catch (IllegalArgumentException ex) {
			return usage(ex.getMessage());
		}
		String password = env.get("SPRING_DATASOURCE_PASSWORD");
		if (password == null || password.isBlank()) {
			return usage("SPRING_DATASOURCE_PASSWORD is not set");
		}
		DriverManagerDataSource dataSource = new DriverManagerDataSource(
				env.getOrDefault("SPRING_DATASOURCE_URL", "jdbc:mariadb://localhost:13306/payonce_trade"),
				env.getOrDefault("SPRING_DATASOURCE_USERNAME", "payonce_reconciliation"), password);
		ReversalResult result;
		// the booked reversal is announced like the API's, so that reconciliation settles the DUPLICATE finding
		try (KafkaReversalNotices notices = new KafkaReversalNotices(
				env.getOrDefault("SPRING_KAFKA_BOOTSTRAP_SERVERS", "localhost:19092"),
				env.getOrDefault("PAYONCE_RECONCILIATION_CONTINUOUS_REVERSALS_TOPIC", "payonce.reconciliation.reversals"))) {
			ReversalService service = new ReversalService(
					new JdbcReversalLedger(new JdbcTemplate(dataSource), new DataSourceTransactionManager(dataSource)),
					Clock.systemUTC(), notices);
			result = service.reverse(request);
		}
		System.out.println(result.outcome() + " flow " + result.flowId() + " biz_no " + result.bizNo()
				+ ((result.reversalFlowId() != null) ? " reversal flow " + result.reversalFlowId() : "") + " audit "
				+ result.auditId() + ": " + result.detail());
		return result.outcome().settled() ? 0 : 2;
	}

	private static int usage(String problem) {
		System.err.println(problem);
		System.err.println("usage: ReverseCommand --flow-id=<t_account_flow.id> --operator=<name> --reason=<text>");
		return 64;
	}

}
