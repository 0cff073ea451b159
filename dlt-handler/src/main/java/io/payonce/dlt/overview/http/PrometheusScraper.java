package io.payonce.dlt.overview.http;

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
 * One scrape round: every configured URL's host is resolved (several addresses: one instance each, so a headless
 * Service's pods are summed, never sampled one at random), then all instances are read at once, each within the
 * timeout. Whatever goes wrong with one instance becomes its {@link Scrape.Failed} with one readable line; the
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

	/** The URL as is when its host is one address; one URL per address (IP literal) when it names several. */
	static List<URI> instances(URI url) throws UnknownHostException {
		InetAddress[] addresses = InetAddress.getAllByName(url.getHost());
		if (addresses.length <= 1) {
			return List.of(url);
		}
		List<URI> each = new ArrayList<>();
		for (InetAddress address : addresses) {
			String host = address.getHostAddress();
			try {
				each.add(new URI(url.getScheme(), url.getUserInfo(), host.contains(":") ? "[" + host + "]" : host,
						url.getPort(), url.getPath(), url.getQuery(), null));
			}
			catch (URISyntaxException ex) {
				throw new IllegalStateException("cannot rebuild " + url + " for " + host, ex);
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
