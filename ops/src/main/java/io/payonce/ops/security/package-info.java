/**
 * The ops users and the security of every service's ops API and management port; see
 * {@link io.payonce.ops.security.OpsSecurityAutoConfiguration} for the rules and
 * {@link io.payonce.ops.security.CrossOriginWriteFilter} for why no CSRF token is needed.
 */
package io.payonce.ops.security;
