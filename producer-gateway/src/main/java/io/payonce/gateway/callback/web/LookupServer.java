package io.payonce.gateway.callback.web;

import java.io.IOException;

import com.zaxxer.hikari.HikariDataSource;
import io.payonce.gateway.callback.LookupProperties;
import io.payonce.gateway.callback.jdbc.PaymentLookup;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.catalina.connector.Connector;

import org.springframework.boot.jdbc.autoconfigure.DataSourceProperties;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;

/**
 * The payment lookup ({@link PaymentController}) is served apart from the callbacks: on a Tomcat connector of
 * its own ({@code payonce.gateway.lookup.port}, default 8091) with its own few request threads, reading through
 * its own small read-only pool ({@link PaymentLookup}). A flood of lookups queues there; the callbacks keep
 * their threads and their connections. {@link PortRouting} keeps each port to its own paths, before any
 * authentication: the lookup does not exist on the callback port (404), nor the callback on the lookup port.
 * Who may look is the shared ops rule: an ops user, VIEWER or ADMIN (401 without credentials).
 */
@Configuration(proxyBeanMethods = false)
class LookupServer {

	static final String LOOKUP_PATH = "/api/v1/payments/";

	@Bean
	LookupConnector lookupConnector(LookupProperties properties) {
		Connector connector = new Connector("org.apache.coyote.http11.Http11NioProtocol");
		connector.setPort(properties.port());
		// the executor of this connector alone: its threads are all a lookup flood can occupy
		connector.setProperty("maxThreads", Integer.toString(properties.threads()));
		connector.setProperty("minSpareThreads", "1");
		connector.setProperty("acceptCount", "32");
		connector.setProperty("connectionTimeout", "5000");
		return new LookupConnector(connector);
	}

	@Bean
	WebServerFactoryCustomizer<TomcatServletWebServerFactory> lookupConnectorOnTheServer(LookupConnector lookup) {
		return (factory) -> factory.addAdditionalConnectors(lookup.connector());
	}

	@Bean
	FilterRegistrationBean<PortRouting> portRouting(LookupConnector lookup) {
		FilterRegistrationBean<PortRouting> registration = new FilterRegistrationBean<>(new PortRouting(lookup));
		// before Spring Security: a path on the wrong port does not exist, whoever asks
		registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
		registration.setDispatcherTypes(DispatcherType.REQUEST);
		return registration;
	}

	@Bean(destroyMethod = "close")
	PaymentLookup paymentLookup(DataSourceProperties dataSource, LookupProperties properties) {
		HikariDataSource pool = dataSource.initializeDataSourceBuilder().type(HikariDataSource.class).build();
		pool.setPoolName("lookup");
		pool.setMaximumPoolSize(properties.poolSize());
		pool.setMinimumIdle(0);
		pool.setReadOnly(true);
		pool.setAutoCommit(false);
		pool.setConnectionTimeout(properties.connectionTimeout().toMillis());
		return new PaymentLookup(pool);
	}

	/**
	 * Each port serves only its own paths; the management port is a server of its own and not concerned. A plain
	 * filter, registered for request dispatches only (what Boot's registration of a {@code OncePerRequestFilter} came
	 * to, as that skipped error and async dispatches): the once-only guard cost a request attribute on every callback
	 * (issue 19).
	 */
	static final class PortRouting implements Filter {

		private final LookupConnector lookup;

		PortRouting(LookupConnector lookup) {
			this.lookup = lookup;
		}

		@Override
		public void doFilter(ServletRequest servletRequest, ServletResponse servletResponse, FilterChain chain)
				throws ServletException, IOException {
			HttpServletRequest request = (HttpServletRequest) servletRequest;
			HttpServletResponse response = (HttpServletResponse) servletResponse;
			boolean lookupPort = request.getLocalPort() == this.lookup.port();
			boolean lookupPath = request.getRequestURI().startsWith(LOOKUP_PATH);
			if (lookupPort != lookupPath) {
				response.sendError(HttpServletResponse.SC_NOT_FOUND);
				return;
			}
			chain.doFilter(request, response);
		}

	}

}
