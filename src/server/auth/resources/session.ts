import { socialStateRestart } from "../conformance.js";
import type { Resource } from "./resource.js";

/**
 * Sessions: where one starts (/sign-in/email, sign-in/social, callback/:id), get-session, list-sessions,
 * revoke-session, revoke-sessions, revoke-other-sessions, sign-out (docs/behaviour.md#sessions,
 * #sign-up-and-sign-in, #social-providers). What Tessera adds, by call:
 *
 * - sign-in/email: attempts per address (account-rate-limit.ts, with RATE_LIMIT_ENABLED; a path matcher: every
 *   attempt counts before the password is checked); a device whose trust was revoked asks for the second step
 *   (mfa/trusted-devices.ts); "SSO required" (sso/policy.ts); an unverified address gets its verification mail
 *   again (options.ts `emailVerification.sendOnSignIn`).
 * - sign-in/social, callback/:id: a missing or expired state restarts the flow (conformance.ts `socialStateRestart`,
 *   a path matcher: the engine's redirect is rewritten); the second step after a social or ID-token sign-in
 *   (mfa/second-step-gate.ts); joining an organization by verified domain (sso/policy.ts); the providers
 *   (social-providers.ts).
 * - every way a session is made (social, passkey, second step, an e-mail link): "SSO required" (sso/policy.ts,
 *   the typed session create hook).
 * - sign-in/email, sign-in/social, callback/:id: the audit events sign_in.succeeded and sign_in.failed
 *   (audit/user-events.ts, a path matcher: a failed sign-in changes no row, and the session create hook fires on sign-up,
 *   impersonation and password changes too).
 * - get-session: answered without the engine when provably the same (session-fast-path.ts, docs/decisions/006);
 *   not rate limited (options.ts `rateLimit.customRules`); an impersonation session keeps its expiry
 *   (impersonation-rules.ts, the typed session update hook; wired by resources/admin.ts); any valid API key
 *   (api-keys.ts).
 * - list-sessions: the engine's, which needs a fresh session; the settings screen lists through
 *   GET /api/account/sessions instead, without tokens (routes/account/sessions.ts).
 * - revoke-session, revoke-sessions, revoke-other-sessions: the audit event session.revoked with its scope
 *   (audit/user-events.ts, a path matcher: session delete hooks fire on every deletion, without the scope).
 * - sign-out: the audit event sign_out (audit/user-events.ts, a path matcher: the session is read before the engine
 *   deletes it).
 *
 * Also on these calls, table-driven across resources: redirect URLs (redirect-url-rules.ts,
 * redirect-url-encoding.ts), error bodies (error-bodies.ts), API-key scopes (api-keys.ts: no key signs in or out).
 */
export function sessionResource() {
  return {
    after: [socialStateRestart],
  } satisfies Resource;
}
