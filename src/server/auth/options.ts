// Long by design: the one place the engine is configured, every plugin in its order and every option.
import { passkey } from "@better-auth/passkey";
import type { BetterAuthOptions, BetterAuthPlugin } from "better-auth";
import { admin, openAPI, organization, twoFactor } from "better-auth/plugins";
import { z } from "zod";
import { DEFAULT_LANGUAGE_CODE, LANGUAGE_CODES } from "../../shared/languages.js";
import { organizationAc, organizationRoles } from "../../shared/permissions.js";
import { auditLog } from "../audit/plugin.js";
import { auditCallbacks } from "../audit/user-events.js";
import { auditWriter } from "../audit/writer.js";
import type { Config } from "../config.js";
import type { Database } from "../db/database.js";
import { engineLogger, type Logger } from "../logger.js";
import { createAuthMail } from "../mail/auth-mail.js";
import type { Mailer } from "../mail/mailer.js";
import { mailNotices } from "../mail/notices.js";
import type { SecondaryStorage } from "../redis.js";
import { scimPlugins } from "../scim/plugin.js";
import { SSO_ENGINE_PATHS_FROM_SERVER, ssoPlugins } from "../sso/plugin.js";
import { organizationSsoFields, ssoPolicyPlugin } from "../sso/policy.js";
import { createEventRecorder, type EventRecorder } from "../webhooks/events.js";
import { webhookSendLimitSchema } from "../webhooks/send-limit.js";
import { accountConformance } from "./account-conformance.js";
import { accountRateLimit } from "./account-rate-limit.js";
import { siteAdminTest } from "./admin-rules.js";
import { API_KEY_ENGINE_PATHS, apiKeyPlugins } from "./api-keys.js";
import { atomicEndpoints } from "./atomic-endpoints.js";
import { CLIENT_IP_HEADER } from "./client-ip.js";
import { conformance } from "./conformance.js";
import { customRoleRules } from "./custom-roles.js";
import { errorBodies } from "./error-bodies.js";
import { inputRules } from "./input-rules.js";
import { listQueryRules } from "./list-query-rules.js";
import { backupCodeHashing } from "./mfa/backup-code-hashing.js";
import { codeAttemptLimit } from "./mfa/code-attempt-limit.js";
import { mfaEvents } from "./mfa/mfa-events.js";
import { secondStepGate } from "./mfa/second-step-gate.js";
import { totpSingleUse } from "./mfa/totp-single-use.js";
import { trustedDevices } from "./mfa/trusted-devices.js";
import { oauthEvents } from "./oauth-events.js";
import { oauthProviderPlugins, organizationClientGate } from "./oauth-provider.js";
import { organizationMfaField, organizationMfaPolicy } from "./organization-mfa-policy.js";
import { createPasswordHashing, type PasswordHashing } from "./password-hashing.js";
import { redirectUrlEncoding } from "./redirect-url-encoding.js";
import { redirectUrlRules } from "./redirect-url-rules.js";
import { resetRequestFloor } from "./reset-request-floor.js";
import { adminResource } from "./resources/admin.js";
import { invitationResource } from "./resources/invitation.js";
import { memberResource } from "./resources/member.js";
import { organizationResource } from "./resources/organization.js";
import { organizationHooksOf, pathHooksOf } from "./resources/resource.js";
import { sessionResource } from "./resources/session.js";
import { teamResource } from "./resources/team.js";
import { userResource } from "./resources/user.js";
import { engineSocialProviders, oidcProvidersPlugin } from "./social-providers.js";

export interface AuthDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  secret: string;
  logger: Logger;
  /** Redis (REDIS_URL): sessions, verification values and rate limits shared by every instance. */
  secondaryStorage?: SecondaryStorage;
  /** Where passwords are hashed (startServer owns and closes it); a pool of its own when absent. */
  passwordHashing?: PasswordHashing;
  /** Writes audit events with their webhook deliveries (webhooks/events.ts); one of its own when absent. */
  events?: EventRecorder;
}

/** Custom roles one organization may define (docs/roles.md). */
const MAXIMUM_CUSTOM_ROLES = 50;

export const AUTH_BASE_PATH = "/api/auth";

const VERIFICATION_EXPIRES_IN = 3600; // docs/behaviour.md#constants
const RESET_PASSWORD_EXPIRES_IN = 3600; // docs/behaviour.md#constants
const DELETE_ACCOUNT_EXPIRES_IN = 86400; // docs/behaviour.md#constants
/** "Trust this device for 30 days" after a second factor (docs/mfa.md). */
const TRUST_DEVICE_MAX_AGE = 30 * 86400;
/** A code sent by e-mail as the second factor stays valid this long. */
const TWO_FACTOR_OTP_MINUTES = 5;

const languageSchema = z
  .number({ message: `language must be one of ${LANGUAGE_CODES.join(", ")}` })
  .refine((v) => LANGUAGE_CODES.includes(v), { message: `language must be one of ${LANGUAGE_CODES.join(", ")}` });

/** The engine's options, built from config; the one place the engine is configured. */
export function buildAuthOptions({
  config,
  database,
  mailer,
  secret,
  logger,
  secondaryStorage,
  passwordHashing,
  events = createEventRecorder(database),
}: AuthDeps) {
  const authBase = `${config.baseURL}${AUTH_BASE_PATH}`;
  // Mail links open the web app's routes of docs/behaviour.md#pages-and-links, which call the engine.
  const appLink = (url: string) => (url.startsWith(authBase) ? config.baseURL + url.slice(authBase.length) : url);
  const isSiteAdmin = siteAdminTest(config.adminUserIds);
  // Every mail in the recipient's language (src/server/mail/, docs/decisions/004-mail-templates.md).
  const mail = createAuthMail({
    mailer,
    database,
    logger,
    baseURL: config.baseURL,
    appLink,
    expiresIn: {
      verification: VERIFICATION_EXPIRES_IN,
      resetPassword: RESET_PASSWORD_EXPIRES_IN,
      deleteAccount: DELETE_ACCOUNT_EXPIRES_IN,
      twoFactorCode: TWO_FACTOR_OTP_MINUTES * 60,
    },
    providerNames: Object.fromEntries(config.oidcProviders.map((p) => [p.id, p.name])),
  });

  // Organizations that require two-step verification of their members (docs/mfa.md "Organization policy").
  const mfaPolicy = organizationMfaPolicy(database.db);
  // Custom roles: names, known permissions, no escalation, renames that keep their holders (docs/roles.md).
  const roleRules = customRoleRules();
  // What Tessera adds to the organization plugin's calls, one module per resource (src/server/auth/resources/).
  const team = teamResource();
  // Invitation mails per inviter and per organization, always on (docs/security.md "Invitations").
  const invitation = invitationResource({ limits: config.organization.invitationSend, roleRules, mfaPolicy });
  const organizationResources = [organizationResource({ mfaPolicy }), memberResource({ roleRules }), invitation, team];

  // Backup codes are stored as HMACs (docs/mfa.md "Server rules").
  const backupCodes = backupCodeHashing(secret);
  // A trusted device stops being trusted when two-step goes off or the password is reset.
  const trust = trustedDevices(database, TRUST_DEVICE_MAX_AGE);

  // What Tessera adds to the user's, the session's and the admin plugin's calls (src/server/auth/resources/).
  const userCalls = userResource({
    mail,
    audit: auditCallbacks(auditWriter(logger, events)),
    revokeTrust: trust.revokeAll,
    hashing: passwordHashing ?? createPasswordHashing(config.passwordHashing),
    passwordLengths: config.password,
  });
  const accountResources = [userCalls, sessionResource()];
  const adminCalls = adminResource({ adminUserIds: config.adminUserIds, isSiteAdmin, mail });

  const plugins = [
    // API keys (docs/integrate.md "API keys"): first, so a key is checked, and refused where no key may
    // go, before any other plugin's hook acts on the request.
    ...apiKeyPlugins(),
    organization({
      ac: organizationAc,
      roles: organizationRoles,
      creatorRole: "owner",
      // Custom roles per organization, stored by the engine in `organizationRole` (docs/roles.md).
      dynamicAccessControl: { enabled: true, maximumRolesPerOrganization: MAXIMUM_CUSTOM_ROLES },
      membershipLimit: config.organization.membershipLimit,
      invitationExpiresIn: config.organization.invitationExpiresIn,
      organizationLimit: config.organization.limit,
      allowUserToCreateOrganization: async (user) =>
        config.organization.creators === "everyone" ||
        (config.organization.creators === "admins" && isSiteAdmin(user as { id: string; role?: string })),
      organizationHooks: organizationHooksOf(organizationResources),
      schema: { organization: { additionalFields: { ...organizationMfaField, ...organizationSsoFields } } },
      teams: {
        enabled: true,
        maximumMembersPerTeam: config.organization.teamMemberLimit,
      },
      async sendInvitationEmail(data) {
        if (await invitation.maySend(data)) await mail.invitation(data);
      },
    }),
    // Before the audit log: a resend it refuses after the fact must not be logged as sent.
    invitation.plugin,
    admin(adminCalls.options),
    // Second factors (docs/mfa.md): an authenticator app (TOTP, ±1 step) with 10 backup codes, or a
    // code by e-mail; "trust this device" for 30 days; passkeys as a strong factor of their own.
    twoFactor({
      issuer: "Tessera",
      trustDeviceMaxAge: TRUST_DEVICE_MAX_AGE,
      totpOptions: { digits: 6, period: 30 },
      backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: backupCodes.storeBackupCodes },
      otpOptions: {
        period: TWO_FACTOR_OTP_MINUTES,
        allowedAttempts: 5,
        storeOTP: "hashed",
        async sendOTP({ user, otp }) {
          await mail.twoFactorCode(user, otp);
        },
      },
    }),
    passkey({
      rpID: new URL(config.baseURL).hostname,
      rpName: "Tessera",
      origin: new URL(config.baseURL).origin,
    }),
    backupCodes.plugin,
    // Codes tried and sent per account, before a code is spent or checked.
    codeAttemptLimit(),
    totpSingleUse(),
    trust.plugin,
    // Before the audit log: a sign-in held for its second step is not a sign-in yet.
    secondStepGate(config.baseURL, trust.isTrusted),
    oidcProvidersPlugin(config),
    // "Sign in with Tessera": session JWTs with JWKS and the OpenID Connect provider (docs/integrate.md).
    ...oauthProviderPlugins(config, isSiteAdmin),
    // An organization's client gives tokens only to the organization's members.
    organizationClientGate(config.baseURL),
    conformance(),
    accountConformance(),
    // The user's and the session's path-matched hooks, where the engine has no typed hook (resources/*.ts).
    pathHooksOf(accountResources, "tessera-account-rules"),
    // SCIM 2.0 provisioning per organization on the engine's plugin (docs/scim.md).
    ...scimPlugins({ secret, logger, events, teamMemberLimit: config.organization.teamMemberLimit }),
    // Verified domains and single sign-on per organization on the engine's plugin (docs/sso.md).
    ...ssoPlugins(),
    // Who joins by verified domain or connection, and "SSO required" (docs/sso.md; src/server/sso/policy.ts).
    ssoPolicyPlugin({ invitationExpiresIn: config.organization.invitationExpiresIn, isSiteAdmin }),
    auditLog(logger, events),
    // Audit of OAuth clients and consents; a revoked consent ends that app's tokens.
    oauthEvents(auditWriter(logger, events)),
    // Mail and audit of two-step changes, passkeys and second-step sign-ins.
    mfaEvents(mail, auditWriter(logger, events)),
    webhookSendLimitSchema,
    // The resources' path-matched hooks, where the engine has no typed hook (resources/*.ts).
    pathHooksOf(organizationResources),
    mfaPolicy.plugin,
    team.plugin,
    roleRules.plugin,
    mailNotices(mail, database),
    userCalls.takenAddressPlugin,
    errorBodies(),
    redirectUrlRules(),
    redirectUrlEncoding(),
    listQueryRules(),
    // Types and lengths of what would be stored, before any engine work (sign-up's hash included).
    inputRules(),
    // An impersonation session keeps its hour and ends with its admin's right to impersonate (database hooks).
    adminCalls.impersonationPlugin,
    // Only ADMIN_USER_IDS admins act on other admins; the last admin stays (docs/security.md); no impersonation
    // from an impersonation session: the admin resource's path-matched hooks (resources/admin.ts).
    pathHooksOf([adminCalls], "tessera-admin-rules"),
    // A site admin resets a user's two-step verification and passkeys (docs/mfa.md "Site administrators").
    adminCalls.mfaResetPlugin,
    // Per e-mail address, beside the engine's per-IP limit (docs/security.md "Brute force").
    ...(config.rateLimitEnabled ? [accountRateLimit()] : []),
    // Known and unknown addresses get their reset-request answer at the same time; after every other hook.
    resetRequestFloor(),
    userCalls.signUpHashPlugin,
    // The engine's OpenAPI document, served with Tessera's routes at /api/openapi.json (src/server/openapi.ts;
    // its own /open-api/generate-schema is gated in app.ts). Its reference page loads a CDN script: off.
    openAPI({ disableDefaultReference: true }),
  ] satisfies BetterAuthPlugin[];
  // First of all: an organization and its owner, an accepted invitation and its member, a renamed role and its
  // holders are each written in one transaction, the engine's whole call with every other hook inside it.
  plugins.unshift(atomicEndpoints(plugins));

  return {
    appName: "Tessera",
    baseURL: config.baseURL,
    basePath: AUTH_BASE_PATH,
    secret,
    database: { db: database.db, type: database.dialect, transaction: true },
    secondaryStorage,
    trustedOrigins: config.trustedOrigins,
    socialProviders: engineSocialProviders(config),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: config.requireEmailVerification,
      minPasswordLength: config.password.min,
      maxPasswordLength: config.password.max,
      resetPasswordTokenExpiresIn: RESET_PASSWORD_EXPIRES_IN,
      revokeSessionsOnPasswordReset: true,
      password: userCalls.password,
      onExistingUserSignUp: userCalls.onExistingUserSignUp,
      async sendResetPassword({ user, url }) {
        await mail.resetPassword({ user, url });
      },
      // The mail, the trusted devices' end and the audit event (resources/user.ts).
      onPasswordReset: userCalls.onPasswordReset,
    },
    emailVerification: {
      sendOnSignUp: true,
      // docs/behaviour.md#sign-up-and-sign-in "Email not verified … a verification mail is sent again".
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFICATION_EXPIRES_IN,
      async sendVerificationEmail({ user, url, token }) {
        await mail.verification({ user, url, token });
      },
    },
    user: {
      additionalFields: {
        // docs/behaviour.md#data language enumeration, stored as its integer code.
        language: {
          type: "number",
          required: false,
          defaultValue: DEFAULT_LANGUAGE_CODE,
          input: true,
          validator: { input: languageSchema },
        },
      },
      changeEmail: {
        enabled: true,
        async sendChangeEmailConfirmation({ user, newEmail, url }) {
          await mail.changeEmailConfirmation({ user, newEmail, url });
        },
      },
      deleteUser: {
        enabled: true,
        deleteTokenExpiresIn: DELETE_ACCOUNT_EXPIRES_IN,
        async sendDeleteAccountVerification({ user, url }) {
          await mail.deleteAccount({ user, url });
        },
        afterDelete: userCalls.afterDelete,
      },
    },
    session: {
      expiresIn: config.session.expiresIn,
      updateAge: config.session.updateAge,
      freshAge: config.session.freshAge,
      // With Redis, sessions are also kept as rows: the admin console and session lists read them,
      // and a session evicted from Redis is still found (docs/decisions/006-session-fast-path.md).
      storeSessionInDatabase: true,
      ...(config.session.cookieCacheMaxAge > 0
        ? { cookieCache: { enabled: true, maxAge: config.session.cookieCacheMaxAge } }
        : {}),
    },
    account: {
      encryptOAuthTokens: true,
      // docs/behaviour.md#linked-accounts: a trusted provider or a verified e-mail, the same e-mail unless allowed, never the last account.
      accountLinking: {
        enabled: true,
        trustedProviders: config.accountLinking.trustedProviders,
        allowDifferentEmails: config.accountLinking.allowDifferentEmails,
        allowUnlinkingAll: config.accountLinking.allowUnlinkingAll,
      },
    },
    rateLimit: {
      enabled: config.rateLimitEnabled,
      // Many instances share the count (Redis, else PostgreSQL); one process on SQLite counts in memory.
      storage: secondaryStorage ? "secondary-storage" : database.dialect === "postgres" ? "database" : "memory",
      // Reading one's own session is not limited: it needs a cookie signed with the server secret, and
      // clients behind one address would otherwise be signed out together (docs/decisions/006-session-fast-path.md).
      // Reads a signed-in browser makes on every page; the fast paths answer them without the engine's counter (ADR 006, 013).
      customRules: {
        "/get-session": false,
        "/organization/list": false,
        "/organization/list-members": false,
        "/organization/list-invitations": false,
        "/organization/list-teams": false,
        "/organization/get-full-organization": false,
      },
    },
    advanced: {
      cookiePrefix: "tessera",
      useSecureCookies: config.secureCookies,
      // docs/behaviour.md#conventions origin/callback checks in every NODE_ENV: the engine skips them when NODE_ENV=test or TEST is set.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Keys are created, listed and revoked through Tessera's /api/api-keys routes (scopes, audit).
    // SSO connections and domains likewise, through /api/organizations/:id/sso (permissions, audit).
    disabledPaths: [...API_KEY_ENGINE_PATHS, ...SSO_ENGINE_PATHS_FROM_SERVER],
    telemetry: { enabled: false },
    logger: engineLogger(logger, config.env === "test"),
    plugins,
  } satisfies BetterAuthOptions;
}
