/**
 * Refuse to start wrong (STYLE.md): outside the {@code local} profile a service does not start with a published
 * local secret, a placeholder, a short callback secret, no ops users or a plain-text password. The rules are
 * plain Java ({@link io.payonce.ops.startup.UnsafeSettings}); {@link io.payonce.ops.startup.UnsafeSettingsCheck}
 * applies them before any other bean exists.
 */
package io.payonce.ops.startup;
