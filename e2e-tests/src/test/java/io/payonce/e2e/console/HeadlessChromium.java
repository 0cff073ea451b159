package io.payonce.e2e.console;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.openqa.selenium.UnexpectedAlertBehaviour;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * Debian's Chromium ({@code apt-get install -y chromium chromium-driver}) driven through its own chromedriver by
 * Selenium. Both paths are set explicitly, so Selenium Manager never looks for (or downloads) a driver or a
 * browser. Each instance runs headless with a fresh profile folder, which {@link #close()} deletes after quitting
 * the browser and stopping the driver: no process is left behind.
 *
 * <pre>
 * Assumptions.assumeTrue(HeadlessChromium.missing().isEmpty(), HeadlessChromium.missing().orElse(""));
 * try (HeadlessChromium chromium = HeadlessChromium.start()) { chromium.driver().get(url); }
 * </pre>
 * Other paths: system properties {@code payonce.chromium} and {@code payonce.chromedriver}.
 */
final class HeadlessChromium implements AutoCloseable {

	static final String APT_LINE = "apt-get install -y chromium chromium-driver";

	/**
	 * Selenium 4.52 warns once that it has no DevTools classes for Chromium 156; nothing here uses DevTools. Kept
	 * in a field: java.util.logging holds its loggers weakly.
	 */
	private static final Logger CDP_VERSION_FINDER = quiet("org.openqa.selenium.devtools.CdpVersionFinder");

	private final ChromeDriverService service;

	private final ChromeDriver driver;

	private final Path profile;

	private HeadlessChromium(ChromeDriverService service, ChromeDriver driver, Path profile) {
		this.service = service;
		this.driver = driver;
		this.profile = profile;
	}

	static Path chromium() {
		return Path.of(System.getProperty("payonce.chromium", "/usr/bin/chromium"));
	}

	static Path chromedriver() {
		return Path.of(System.getProperty("payonce.chromedriver", "/usr/bin/chromedriver"));
	}

	/** Why the browser cannot run here (for an assumption message), or empty if both binaries are there. */
	static Optional<String> missing() {
		List<String> absent = Stream.of(chromium(), chromedriver())
			.filter(binary -> !Files.isExecutable(binary))
			.map(Path::toString)
			.collect(Collectors.toList());
		if (absent.isEmpty()) {
			return Optional.empty();
		}
		return Optional.of("No headless browser: " + String.join(" and ", absent) + " not installed; install with '"
				+ APT_LINE + "' (as root) to run this test");
	}

	/** Starts chromedriver and a headless Chromium with a fresh profile. */
	static HeadlessChromium start() {
		Path profile;
		try {
			profile = Files.createTempDirectory("payonce-console-chromium-");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		ChromeOptions options = new ChromeOptions();
		options.setBinary(chromium().toFile());
		options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
				"--disable-background-networking", "--disable-component-update", "--disable-sync",
				"--user-data-dir=" + profile);
		// The test handles window.confirm itself; no command may dismiss it on the side.
		options.setUnhandledPromptBehaviour(UnexpectedAlertBehaviour.IGNORE);
		ChromeDriverService service = new ChromeDriverService.Builder()
			.usingDriverExecutable(chromedriver().toFile())
			.usingAnyFreePort()
			.build();
		try {
			return new HeadlessChromium(service, new ChromeDriver(service, options), profile);
		}
		catch (RuntimeException ex) {
			service.stop();
			delete(profile);
			throw ex;
		}
	}

	ChromeDriver driver() {
		return this.driver;
	}

	/**
	 * Opens the ops console at {@code baseUrl} signed in as {@code user}. Basic auth: Chromium follows a URL with
	 * credentials when navigating, but the page's {@code fetch('/api/…')} resolves against the page URL and refuses
	 * a URL that carries credentials. So the browser signs in once by opening a file of the console with
	 * credentials in the URL (Chromium keeps them for the origin's realm, as after a login prompt), then opens the
	 * page by its plain URL and sends the cached credentials on each call.
	 */
	void openConsole(String baseUrl, String user, String password) {
		openConsole(baseUrl, user, password, "/");
	}

	/** As {@link #openConsole(String, String, String)}, at {@code path} (with its query: a shared link). */
	void openConsole(String baseUrl, String user, String password, String path) {
		this.driver.get(baseUrl.replace("http://", "http://" + user + ":" + password + "@") + "/console.css");
		this.driver.get(baseUrl + path);
	}

	/** Saves what the page shows now as a PNG at {@code file} (for a person to look at; never compared). */
	void screenshot(Path file) {
		try {
			Files.createDirectories(file.getParent());
			Files.write(file, this.driver.getScreenshotAs(org.openqa.selenium.OutputType.BYTES));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Quits the browser, stops chromedriver (if quit did not) and deletes the profile. */
	@Override
	public void close() {
		try {
			this.driver.quit();
		}
		finally {
			if (this.service.isRunning()) {
				this.service.stop();
			}
			delete(this.profile);
		}
	}

	private static void delete(Path root) {
		try (Stream<Path> paths = Files.walk(root)) {
			paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
		}
		catch (IOException | UncheckedIOException ex) {
			// best effort: a temporary profile folder
		}
	}

	private static Logger quiet(String name) {
		Logger logger = Logger.getLogger(name);
		logger.setLevel(Level.SEVERE);
		return logger;
	}

}
