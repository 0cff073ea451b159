/**
 * The console's overview screen: the pipeline's own metrics over the last hour.
 * <p>
 * The console scrapes every service's {@code /actuator/prometheus} (the targets, one or more URLs per service) every
 * {@code payonce.dlt.overview.interval}, reads the exposition ({@link io.payonce.dlt.overview.PrometheusText}),
 * turns each chart line ({@link io.payonce.dlt.overview.OverviewCharts}) into one number per round (counters as
 * rates, {@link io.payonce.dlt.overview.CounterRate}; instances summed or maxed) and keeps the window in a ring
 * ({@link io.payonce.dlt.overview.Overview}). Nothing is invented for the page: a service that cannot be read is
 * named with its error and its lines have no value, never zero.
 * <p>
 * Plain Java (ArchUnit); the HTTP scraping, the schedule and the endpoint live in {@code http}.
 */
package io.payonce.dlt.overview;
