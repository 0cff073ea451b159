package io.payonce.dlt.overview.http;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import io.payonce.dlt.overview.PrometheusText;
import io.payonce.dlt.overview.Scrape;
import io.payonce.dlt.overview.ServiceName;
import io.payonce.dlt.overview.Target;

/**
 * One scrape round: every configured URL is one instance, or, written {@code dns+http://…}, one per address of its
 * host (so a headless Service's pods are summed, never one sampled at random behind a load-balancing name); then all
 * instances are read at once, each within the timeout. Whatever goes wrong with one instance becomes its {@link Scrape.Failed} with one readable line; the
 * round itself never fails.
 */
public final class PrometheusScraper {

	private final HttpClient http;

	private final Duration timeout;

	private final Map<ServiceName, List<URI>> targets;

	public PrometheusScraper(Map<ServiceName, List<URI>> targets, Duration timeout) {
		this.targets = Map.copyOf(targets);
		this.timeout = timeout;
		this.http = HttpClient.newBuilder().connectTimeout(timeout).followRedirects(HttpClient.Redirect.NEVER).build();
	}

	public Map<Target, Scrape> scrapeAll() {
		Map<Target, CompletableFuture<Scrape>> pending = new LinkedHashMap<>();
		for (ServiceName service : ServiceName.values()) {
			for (URI url : this.targets.getOrDefault(service, List.of())) {
				List<URI> instances;
				try {
					instances = instances(url);
				}
				catch (UnknownHostException ex) {
					pending.put(new Target(service, url), CompletableFuture
						.completedFuture(Scrape.failed("cannot resolve " + url.getHost() + ": " + ex.getMessage())));
					continue;
				}
				for (URI instance : instances) {
					pending.put(new Target(service, instance), scrape(instance));
				}
			}
		}
		Map<Target, Scrape> round = new LinkedHashMap<>();
		pending.forEach((target, future) -> round.put(target, future.join()));
		return round;
	}

	/** A target URL written {@code dns+http://host:port/path}: one instance per address of its host. */
	static final String EVERY_ADDRESS = "dns+";

	/**
	 * The instances behind one configured URL. A plain URL is one instance, whatever its host resolves to
	 * ({@code localhost} may be 127.0.0.1 and ::1, one process, which must not count twice). A {@code dns+} URL is
	 * one instance per address of its host, resolved again every round (a Kubernetes headless Service lists its
	 * ready pods); its IPv4 addresses only when it has any, so a dual-stack pod is not counted once per family.
	 */
	static List<URI> instances(URI url) throws UnknownHostException {
		String text = url.toString();
		if (!text.startsWith(EVERY_ADDRESS)) {
			return List.of(url);
		}
		URI plain = URI.create(text.substring(EVERY_ADDRESS.length()));
		InetAddress[] addresses = InetAddress.getAllByName(plain.getHost());
		boolean anyV4 = false;
		for (InetAddress address : addresses) {
			anyV4 |= address instanceof Inet4Address;
		}
		List<URI> each = new ArrayList<>();
		for (InetAddress address : addresses) {
			if (anyV4 && !(address instanceof Inet4Address)) {
				continue;
			}
			String host = address.getHostAddress();
			try {
				each.add(new URI(plain.getScheme(), plain.getUserInfo(), host, plain.getPort(), plain.getPath(),
						plain.getQuery(), null));
			}
			catch (URISyntaxException ex) {
				throw new IllegalStateException("cannot rebuild " + plain + " for " + host, ex);
			}
		}
		return each;
	}

	private CompletableFuture<Scrape> scrape(URI url) {
		HttpRequest request = HttpRequest.newBuilder(url)
			.timeout(this.timeout)
			.header("Accept", "text/plain;version=0.0.4")
			.GET()
			.build();
		return this.http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
			.thenApply(PrometheusScraper::read)
			.exceptionally((failure) -> Scrape.failed(describe(failure)));
	}

	private static Scrape read(HttpResponse<String> response) {
		if (response.statusCode() != 200) {
			return Scrape.failed("HTTP " + response.statusCode());
		}
		try {
			return Scrape.read(PrometheusText.parse(response.body()));
		}
		catch (IllegalArgumentException ex) {
			return Scrape.failed(ex.getMessage());
		}
	}

	private static String describe(Throwable failure) {
		Throwable cause = (failure instanceof CompletionException && failure.getCause() != null) ? failure.getCause()
				: failure;
		if (cause instanceof HttpTimeoutException) {
			return "no answer within the timeout";
		}
		if (cause instanceof java.net.ConnectException) {
			return "connection refused";
		}
		String message = cause.getMessage();
		return cause.getClass().getSimpleName() + ((message == null) ? "" : ": " + message);
	}

}
