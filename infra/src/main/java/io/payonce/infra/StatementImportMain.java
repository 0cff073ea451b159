package io.payonce.infra;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ./payonce statement-import <file> [yyyy-MM-dd]}: hands a platform statement file to the running
 * reconciliation service ({@code POST /api/v1/statements/{day}?channel=CLI}), the same import as the console's
 * upload: once per file (a second run of the same file changes nothing), findings and unreadable lines in the
 * answer, the report kept by the service. The day comes from the argument or from the file's name
 * ({@code statement-yyyy-MM-dd.csv}, as the platform simulator names it).
 * <p>
 * Local stack only by default: {@code http://localhost:8085} and the local profile's ADMIN; elsewhere set
 * {@code PAYONCE_RECONCILIATION_URL}, {@code PAYONCE_OPS_USER} and {@code PAYONCE_OPS_PASSWORD}. Exit code 0 when
 * imported now or before, 2 when incomplete or under way (run it again), 1 when refused, 64 on bad usage.
 */
public final class StatementImportMain {

	private static final Pattern DAY_IN_NAME = Pattern.compile("([0-9]{4}-[0-9]{2}-[0-9]{2})");

	private StatementImportMain() {
	}

	public static void main(String[] args) throws IOException, InterruptedException {
		System.exit(run(args, System.getenv()));
	}

	static int run(String[] args, Map<String, String> env) throws IOException, InterruptedException {
		if (args.length < 1 || args.length > 2) {
			return usage("expected a statement file and, optionally, its day");
		}
		Path file = Path.of(args[0]);
		if (!Files.isRegularFile(file)) {
			return usage(file + " is not a file");
		}
		String day = (args.length == 2) ? args[1] : dayOf(file);
		try {
			LocalDate.parse(day);
		}
		catch (DateTimeParseException | NullPointerException ex) {
			return usage("no day: give it as yyyy-MM-dd after the file (the name has none)");
		}
		String base = env.getOrDefault("PAYONCE_RECONCILIATION_URL", "http://localhost:8085");
		String user = env.getOrDefault("PAYONCE_OPS_USER", "admin");
		String password = env.getOrDefault("PAYONCE_OPS_PASSWORD", "admin-local");
		HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/api/v1/statements/" + day + "?channel=CLI"))
			.timeout(Duration.ofMinutes(10))
			.header("Authorization",
					"Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8)))
			.header("Content-Type", "text/csv")
			.POST(HttpRequest.BodyPublishers.ofFile(file))
			.build();
		HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
		System.out.println(response.body());
		if (response.statusCode() != 200) {
			System.err.println("refused: HTTP " + response.statusCode());
			return (response.statusCode() == 409) ? 2 : 1;
		}
		return response.body().contains("\"result\":\"INCOMPLETE\"") ? 2 : 0;
	}

	private static String dayOf(Path file) {
		Matcher matcher = DAY_IN_NAME.matcher(file.getFileName().toString());
		return matcher.find() ? matcher.group(1) : null;
	}

	private static int usage(String problem) {
		System.err.println(problem);
		System.err.println("usage: ./payonce statement-import <statement.csv> [yyyy-MM-dd]");
		return 64;
	}

}
