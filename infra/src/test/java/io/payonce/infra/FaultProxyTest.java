package io.payonce.infra;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The fault proxy in front of an echo server on localhost: each fault happens, is counted, and heals. */
class FaultProxyTest {

	private ServerSocket echo;

	private FaultProxy proxy;

	@BeforeEach
	void startEchoAndProxy() throws IOException {
		this.echo = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
		Thread server = new Thread(() -> {
			while (!this.echo.isClosed()) {
				try {
					Socket socket = this.echo.accept();
					Thread pump = new Thread(() -> {
						try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
							in.transferTo(out);
						}
						catch (IOException ex) {
							// the client went away
						}
					});
					pump.setDaemon(true);
					pump.start();
				}
				catch (IOException ex) {
					return;
				}
			}
		});
		server.setDaemon(true);
		server.start();
		this.proxy = FaultProxy.start("test→echo", 0, "127.0.0.1", this.echo.getLocalPort());
	}

	@AfterEach
	void stop() throws IOException {
		this.proxy.close();
		this.echo.close();
	}

	@Test
	void aHealthyLinkPassesBytesBothWays() throws IOException {
		try (Socket client = connect()) {
			assertThat(roundTrip(client, "hello")).isEqualTo("hello");
		}
		assertThat(this.proxy.stats().accepted()).isEqualTo(1);
		assertThat(this.proxy.stats().bytes()).isEqualTo(10);
	}

	@Test
	void latencyDelaysEveryChunkAndCountsIt() throws IOException {
		this.proxy.latency(Duration.ofMillis(150));
		try (Socket client = connect()) {
			long start = System.nanoTime();
			assertThat(roundTrip(client, "slow")).isEqualTo("slow");
			// one chunk each way, each held 150 ms
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
		}
		assertThat(this.proxy.stats().delayedChunks()).isEqualTo(2);
	}

	@Test
	void aPartitionAnswersNothingUntilHealedThenDeliversWhatItHeld() throws IOException {
		try (Socket client = connect()) {
			assertThat(roundTrip(client, "before")).isEqualTo("before");
			this.proxy.partition();
			client.getOutputStream().write("held".getBytes(StandardCharsets.US_ASCII));
			client.setSoTimeout(500);
			assertThatThrownBy(() -> client.getInputStream().read()).isInstanceOf(SocketTimeoutException.class);
			assertThat(this.proxy.stats().heldChunks()).isEqualTo(1);

			this.proxy.heal();
			client.setSoTimeout(5000);
			assertThat(new String(client.getInputStream().readNBytes(4), StandardCharsets.US_ASCII)).isEqualTo("held");
		}
	}

	@Test
	void aConnectionOpenedDuringAPartitionHangsUntilHealed() throws IOException {
		this.proxy.partition();
		try (Socket client = connect()) {
			client.getOutputStream().write("late".getBytes(StandardCharsets.US_ASCII));
			client.setSoTimeout(500);
			assertThatThrownBy(() -> client.getInputStream().read()).isInstanceOf(SocketTimeoutException.class);
			assertThat(this.proxy.stats().heldConnections()).isEqualTo(1);

			this.proxy.heal();
			client.setSoTimeout(5000);
			assertThat(new String(client.getInputStream().readNBytes(4), StandardCharsets.US_ASCII)).isEqualTo("late");
		}
	}

	@Test
	void cuttingResetsEveryOpenConnectionAndANewOneWorks() throws IOException {
		Socket first = connect();
		Socket second = connect();
		assertThat(roundTrip(first, "a")).isEqualTo("a");
		assertThat(roundTrip(second, "b")).isEqualTo("b");

		assertThat(this.proxy.cutConnections()).isEqualTo(2);

		first.setSoTimeout(5000);
		assertThatThrownBy(() -> {
			first.getOutputStream().write('x');
			first.getOutputStream().flush();
			if (first.getInputStream().read() < 0) {
				throw new SocketException("end of stream");
			}
		}).isInstanceOf(IOException.class);
		first.close();
		second.close();
		assertThat(this.proxy.stats().cut()).isEqualTo(2);
		try (Socket third = connect()) {
			assertThat(roundTrip(third, "again")).isEqualTo("again");
		}
	}

	private Socket connect() throws IOException {
		Socket socket = new Socket(InetAddress.getLoopbackAddress(), this.proxy.port());
		socket.setSoTimeout(5000);
		return socket;
	}

	private static String roundTrip(Socket socket, String text) throws IOException {
		byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
		socket.getOutputStream().write(bytes);
		socket.getOutputStream().flush();
		return new String(socket.getInputStream().readNBytes(bytes.length), StandardCharsets.US_ASCII);
	}

}
