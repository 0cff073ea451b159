package io.payonce.dlt.statement;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/** Forwards the statements page's three requests to the reconciliation (package-info). */
@RestController
class StatementsProxyController {

	/** What may be forwarded as a path segment: a day, a report's name with its extension. */
	private static final Pattern DAY = Pattern.compile("[0-9]{4}-[0-9]{2}-[0-9]{2}");

	private static final Pattern REPORT = Pattern.compile("statement-[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9a-f]{16}\\.(md|csv|json)");

	private final StatementsProxyProperties properties;

	private final HttpClient http;

	StatementsProxyController(StatementsProxyProperties properties) {
		this.properties = properties;
		this.http = HttpClient.newBuilder()
			.version(HttpClient.Version.HTTP_1_1)
			.connectTimeout(properties.timeout())
			.build();
	}

	@GetMapping("/api/v1/statements")
	ResponseEntity<?> list(HttpServletRequest request) {
		String query = request.getQueryString();
		return forward(request, "/api/v1/statements" + ((query == null) ? "" : "?" + query),
				HttpRequest.BodyPublishers.noBody(), "GET");
	}

	@GetMapping("/api/v1/statements/reports/{file:.+}")
	ResponseEntity<?> report(@PathVariable String file, HttpServletRequest request) {
		if (!REPORT.matcher(file).matches()) {
			return problem(HttpStatus.NOT_FOUND, "report", "no report " + file);
		}
		return forward(request, "/api/v1/statements/reports/" + file, HttpRequest.BodyPublishers.noBody(), "GET");
	}

	@PostMapping("/api/v1/statements/{day}")
	ResponseEntity<?> upload(@PathVariable String day, HttpServletRequest request) {
		if (!DAY.matcher(day).matches()) {
			return problem(HttpStatus.BAD_REQUEST, "day", "day must be a date yyyy-MM-dd");
		}
		// streamed: the file is not held here, the reconciliation enforces its size limit (413)
		return forward(request, "/api/v1/statements/" + day, HttpRequest.BodyPublishers.ofInputStream(() -> {
			try {
				return request.getInputStream();
			}
			catch (IOException ex) {
				throw new java.io.UncheckedIOException(ex);
			}
		}), "POST");
	}

	private ResponseEntity<?> forward(HttpServletRequest incoming, String pathAndQuery,
			HttpRequest.BodyPublisher body, String method) {
		URI target = URI.create(base() + pathAndQuery);
		HttpRequest.Builder request = HttpRequest.newBuilder(target)
			.timeout(this.properties.timeout())
			.method(method, body);
		copy(incoming, request, HttpHeaders.AUTHORIZATION);
		copy(incoming, request, HttpHeaders.ACCEPT);
		if (method.equals("POST")) {
			String type = incoming.getContentType();
			request.header(HttpHeaders.CONTENT_TYPE, (type == null) ? "text/csv" : type);
		}
		HttpResponse<byte[]> response;
		try {
			response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
		}
		catch (HttpTimeoutException ex) {
			return problem(HttpStatus.GATEWAY_TIMEOUT, "reconciliation",
					"the reconciliation (" + target + ") did not answer within " + this.properties.timeout());
		}
		catch (ConnectException ex) {
			return problem(HttpStatus.BAD_GATEWAY, "reconciliation", "the reconciliation (" + target + ") is unreachable: "
					+ ex.getClass().getSimpleName());
		}
		catch (IOException ex) {
			return problem(HttpStatus.BAD_GATEWAY, "reconciliation",
					"the reconciliation (" + target + ") failed: " + ex.getClass().getSimpleName() + " " + ex.getMessage());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			return problem(HttpStatus.SERVICE_UNAVAILABLE, "reconciliation", "interrupted");
		}
		ResponseEntity.BodyBuilder answer = ResponseEntity.status(response.statusCode());
		response.headers().firstValue(HttpHeaders.CONTENT_TYPE).ifPresent((type) -> answer.header(HttpHeaders.CONTENT_TYPE, type));
		return answer.body(response.body());
	}

	private String base() {
		String base = this.properties.baseUrl().toString();
		return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
	}

	private static void copy(HttpServletRequest from, HttpRequest.Builder to, String header) {
		String value = from.getHeader(header);
		if (value != null) {
			to.header(header, value);
		}
	}

	private static ResponseEntity<ProblemDetail> problem(HttpStatus status, String field, String detail) {
		ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
		problem.setProperty("field", field);
		return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
	}

}
