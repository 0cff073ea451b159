/** Alert sinks (log, webhook), the scheduled evaluation and the Micrometer gauges. */
package io.payonce.dlt.alert.infra;
