package io.payonce.reconciliation.freeze;

/**
 * The answer to a request.
 *
 * @param outcome what happened
 * @param userId the account
 * @param before the status before ({@code null}: never frozen, or no account)
 * @param after the status after ({@code null} likewise)
 * @param current the account's freeze row after the request ({@code null} when there is none): for a refusal it
 * names who froze or unfroze it, when and why
 * @param detail for a person
 * @param auditId the request's audit row
 */
public record FreezeResult(FreezeOutcome outcome, long userId, FreezeStatus before, FreezeStatus after,
		AccountFreeze current, String detail, long auditId) {

}
