import type { auditCallbacks } from "../../audit/user-events.js";
import type { AuthMail, MailUser } from "../../mail/auth-mail.js";
import { accountSelection, listAccountsProvider } from "../account-conformance.js";
import { changeEmailVerifiedAnew, unlinkAccountSelection } from "../conformance.js";
import { freshSessionBeforeDeletionMail } from "../delete-user-freshness.js";
import { hashBeforeSignUp } from "../hash-before-sign-up.js";
import type { PasswordHashing } from "../password-hashing.js";
import { takenAddressSignUp } from "../taken-address-sign-up.js";
import { verificationRedirectCodes } from "../verification-error-codes.js";
import type { Resource } from "./resource.js";

/**
 * The user and their account: /sign-up/email, verify-email, send-verification-email, update-user, change-email,
 * change-password, request-password-reset (and /forget-password), reset-password, delete-user and its callback,
 * and the linked accounts: link-social, unlink-account, list-accounts, account-info, get-access-token,
 * refresh-token (docs/behaviour.md#sign-up-and-sign-in, #e-mail-verification, #password-reset, #profile-and-language,
 * #e-mail-change, #password, #deletion, #linked-accounts). What Tessera adds, by call:
 *
 * - sign-up/email: a taken address gets a new address's answer and writes, its owner a mail (taken-address-sign-up.ts:
 *   the typed `onExistingUserSignUp`, and a path matcher: the answer is rewritten); the password is hashed before
 *   the engine's transaction (hash-before-sign-up.ts: the typed `password.hash`, and a path matcher registered last:
 *   nothing precedes the transaction but hooks); "SSO required" (sso/policy.ts).
 * - send-verification-email, sign-up/email: the verification mail (options.ts `sendVerificationEmail`, typed).
 * - verify-email: a change-email token sets the new address unverified and mails a verification (conformance.ts
 *   `changeEmailVerifiedAnew`, a path matcher: the query's token is exchanged); a failed link redirects with the
 *   behaviour's lower-case codes (verification-error-codes.ts, a path matcher: the redirect is rewritten); its automatic
 *   sign-in is dropped for a user with two-step on (mfa/second-step-gate.ts).
 * - update-user: the language field and its validator (options.ts `user.additionalFields`, typed).
 * - change-email: the confirmation mail (options.ts `sendChangeEmailConfirmation`, typed).
 * - change-password: a notice by mail (mail/notices.ts, a path matcher: the engine has no callback for it, and its
 *   account update hook also fires for set-password and token refreshes, without the user); "SSO required" (sso/policy.ts).
 * - request-password-reset, forget-password: /forget-password itself (conformance.ts endpoint); every answer at
 *   the same time, known address or not (reset-request-floor.ts, registered after every other hook); "SSO required".
 * - reset-password: the mail, every trusted device's trust ends (mfa/trusted-devices.ts `revokeAll`) and the audit
 *   event password.reset (audit/user-events.ts `auditCallbacks`), all in the typed `emailAndPassword.onPasswordReset`;
 *   "SSO required" (sso/policy.ts, a path matcher: it must refuse before the password changes).
 * - delete-user: a fresh session before the confirmation mail (delete-user-freshness.ts, a path matcher: the typed
 *   `user.deleteUser.beforeDelete` runs only once the link is used); the last admin stays (admin-rules.ts
 *   `lastAdminStays`, wired by resources/admin.ts); the audit event user.deleted (typed `user.deleteUser.afterDelete`);
 *   the impersonation sessions the user opened as an admin end (impersonation-rules.ts, a database hook).
 * - unlink-account: accountId optional, the provider's id or ours (conformance.ts `unlinkAccountSelection`, a path
 *   matcher: the body is rewritten before the engine validates it).
 * - get-access-token, refresh-token: {providerId, accountId?} (account-conformance.ts `accountSelection`, a path
 *   matcher: likewise); account-info: POST {accountId} (account-conformance.ts endpoint); list-accounts: `provider`
 *   (account-conformance.ts `listAccountsProvider`, a path matcher: the answer is rewritten).
 * - a linked social account: a notice by mail (mail/notices.ts) and account.linked (audit/user-events.ts), database hooks.
 *
 * Also on these calls, table-driven across resources: text lengths (input-rules.ts), audit events (audit/user-events.ts:
 * sign-up, change-password, e-mail changed or verified, account linked or unlinked), API-key scopes (api-keys.ts:
 * no key reaches these), redirect URLs (redirect-url-rules.ts, redirect-url-encoding.ts), error bodies (error-bodies.ts).
 *
 * See also: sign-in and sessions (resources/session.ts); Tessera's own account routes under /api/account and
 * /api/uploads (routes/set-password.ts, routes/account/email-verification.ts, routes/account/sessions.ts,
 * routes/uploads/ for avatars).
 */
export function userResource({
  mail,
  audit,
  revokeTrust,
  hashing,
  passwordLengths,
}: {
  mail: AuthMail;
  audit: ReturnType<typeof auditCallbacks>;
  /** Ends every trusted device of a user (mfa/trusted-devices.ts). */
  revokeTrust: (userId: string) => Promise<void>;
  hashing: PasswordHashing;
  passwordLengths: { min: number; max: number };
}) {
  // Sign-up's hash is made before its transaction (see the file); its hook goes last.
  const passwords = hashBeforeSignUp(hashing, passwordLengths);
  // A taken address gets the answer and the writes of a new one; its owner gets a mail.
  const takenAddress = takenAddressSignUp(mail);
  return {
    /** emailAndPassword.password: finds the hash made before sign-up's transaction. */
    password: passwords.password,
    /** Makes that hash; registered last among the plugins (options.ts), after every hook that may refuse. */
    signUpHashPlugin: passwords.plugin,
    /** emailAndPassword.onExistingUserSignUp. */
    onExistingUserSignUp: takenAddress.onExistingUserSignUp,
    /** Answers a taken address as a new one (registered in options.ts before the error bodies). */
    takenAddressPlugin: takenAddress.plugin,
    /** emailAndPassword.onPasswordReset: the engine calls it once the new password is stored. */
    async onPasswordReset({ user }: { user: MailUser }) {
      await mail.passwordReset(user);
      await revokeTrust(user.id);
      await audit.passwordReset(user);
    },
    /** user.deleteUser.afterDelete: one's own account, deleted (an admin's removal has its own event). */
    async afterDelete(user: { id: string; email: string }) {
      await audit.userDeleted(user);
    },
    before: [unlinkAccountSelection, changeEmailVerifiedAnew, accountSelection, freshSessionBeforeDeletionMail],
    after: [listAccountsProvider, verificationRedirectCodes],
  } satisfies Resource & Record<string, unknown>;
}
