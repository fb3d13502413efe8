// Long by nature: the table of every error code, its status and English message, one entry each.
/**
 * Every error code Tessera's own server answers with, its HTTP status and its English message: the one
 * place a code is defined (like better-auth's `defineErrorCodes` tables). The server answers through it
 * (src/server/errors.ts); docs/behaviour.md "Error codes" has a row for each and the web app a
 * translation in every language (tests/docs/error-codes.test.ts, tests/web/locales.test.ts).
 *
 * Engine codes are here only where Tessera answers them itself (a guard, a route of its own), with the
 * engine's words. A message that names the field or value is a template; `variants` are the other
 * wordings one code is answered with, each for its case. A redirect code's status is 302 (the app's
 * error page with `?error=CODE`); its message is what docs/behaviour.md says of it.
 *
 * See also: the engine's bodies completed (src/server/auth/error-bodies.ts); redirect URLs refused
 * (src/server/auth/redirect-url-rules.ts); the web app's reading of an answer (src/web/lib/api-error.ts).
 */

type Template = (...args: never[]) => string;

export interface ErrorCodeDefinition {
  readonly status: number;
  readonly message: string | Template;
  readonly variants?: Readonly<Record<string, string | Template>>;
}

function defineErrorCodes<const T extends Record<string, ErrorCodeDefinition>>(table: T): Readonly<T> {
  for (const entry of Object.values(table)) {
    if (entry.variants) Object.freeze(entry.variants);
    Object.freeze(entry);
  }
  return Object.freeze(table);
}

export const ERROR_CODES = defineErrorCodes({
  // Every call: bodies, limits, failures (src/server/app.ts, routes/*, auth/error-bodies.ts)
  BAD_REQUEST: {
    status: 400,
    message: "Bad request",
    variants: {
      parameter: (parameter: string, problem: string) => `${parameter}: ${problem}`,
      jsonBody: "Expected a JSON body",
      organizationId: "organizationId must be a string",
    },
  },
  UNAUTHORIZED: {
    status: 401,
    message: "Not authenticated",
    variants: { bare: "Unauthorized", metricsToken: "A valid metrics token is required" },
  },
  FORBIDDEN: {
    // The engine's organization refusal, word for word (ORGANIZATION_ERROR_CODES).
    status: 403,
    message: "You are not allowed to access resource",
    variants: {
      bare: "Forbidden",
      apiReference: "Only site admins may read the API reference",
      oauthClients: "Only site administrators manage OAuth clients",
    },
  },
  NOT_FOUND: { status: 404, message: "Not found" },
  METHOD_NOT_ALLOWED: { status: 405, message: "Method not allowed" },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    message: "Request body too large",
    variants: { image: (kilobytes: number) => `The image is larger than ${kilobytes} KB` },
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: "Unsupported media type",
    variants: {
      imageTypes: (types: string) => `The image must be one of ${types}`,
      notImage: (type: string) => `The file is not a valid ${type} image`,
    },
  },
  TOO_MANY_REQUESTS: { status: 429, message: "Too many requests. Please try again later." },
  INTERNAL_SERVER_ERROR: { status: 500, message: "Internal server error" },
  DATABASE_UNREACHABLE: { status: 503, message: "Database unreachable" },
  SESSION_STORE_UNAVAILABLE: {
    status: 503,
    message: "Sessions cannot be reached right now, so this was not done. Try again in a moment.",
  },
  INVALID_QUERY: { status: 400, message: (problem: string) => problem },
  INVALID_INPUT: { status: 400, message: "Invalid input" },
  INVALID_CHARACTERS: { status: 400, message: "Text must not contain NUL characters" },
  INVALID_ORIGIN: { status: 403, message: "Invalid origin", variants: { missing: "Missing or null Origin" } },
  FIELD_TOO_LONG: {
    status: 400,
    message: (field: string, max: number, asJson?: boolean) =>
      `${field} must be at most ${max} characters${asJson ? " as JSON" : ""}`,
  },
  INVALID_FIELD_TYPE: { status: 400, message: (field: string, problem: string) => `${field} ${problem}` },
  VALIDATION_ERROR: {
    // The engine's own words; Tessera's answers name the problem.
    status: 400,
    message: "Validation Error",
    variants: {
      problem: (problem: string) => problem,
      emptyImage: "The image is empty",
      newPasswordRequired: "newPassword is required",
    },
  },

  // Sign-in, sessions, account
  TOO_MANY_SIGN_IN_ATTEMPTS: {
    status: 429,
    message: "Too many sign-in attempts for this account. Please try again later.",
  },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: { status: 400, message: "User already exists. Use another email." },
  USER_NOT_FOUND: { status: 404, message: "User not found" },
  SESSION_EXPIRED: { status: 400, message: "Session expired. Re-authenticate to perform this action." },
  SESSION_NOT_FRESH: { status: 403, message: "Session is not fresh" },
  SESSION_NOT_FOUND: { status: 404, message: "Session not found" },
  ACCOUNT_ID_REQUIRED: {
    status: 400,
    message: "Several accounts of this provider are linked; give accountId to choose one",
  },
  TOO_MANY_UPLOADS: { status: 429, message: "Too many images uploaded. Try again in an hour." },

  // Organizations, teams, roles, invitations
  ORGANIZATION_ALREADY_EXISTS: { status: 400, message: "Organization already exists" },
  ORGANIZATION_SLUG_ALREADY_TAKEN: { status: 400, message: "Organization slug already taken" },
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: {
    status: 400,
    message: "User is already a member of this organization",
  },
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: { status: 403, message: "Organization membership limit reached" },
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: { status: 403, message: "You are not a member of this organization" },
  YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM: { status: 403, message: "You are not allowed to delete this team" },
  INVITATION_NOT_FOUND: { status: 400, message: "Invitation not found" },
  TOO_MANY_INVITATIONS: { status: 429, message: "You have sent too many invitations. Please try again later." },
  TOO_MANY_ORGANIZATION_INVITATIONS: {
    status: 429,
    message: "This organization has sent too many invitations. Please try again later.",
  },
  TEAM_NAME_REQUIRED: { status: 400, message: "Team name must be at least 1 character" },
  TEAM_NAME_TAKEN: { status: 400, message: "A team with this name already exists in this organization" },
  ROLE_NOT_FOUND: {
    status: 400,
    message: "Role not found",
    variants: { named: (roles: string) => `Role not found: ${roles}` },
  },
  INVALID_ROLE_NAME: {
    status: 400,
    message: "A role name is 1 to 32 characters: lowercase letters, digits, - and _, starting with a letter",
  },
  INVALID_PERMISSION: {
    status: 400,
    message: "The permissions name a resource or action the organization does not know",
  },
  ROLE_BEYOND_YOUR_PERMISSIONS: { status: 403, message: "This role holds permissions you do not have" },
  MEMBER_BEYOND_YOUR_PERMISSIONS: { status: 403, message: "This member holds permissions you do not have" },
  ROLE_IS_ASSIGNED_TO_INVITATIONS: {
    status: 400,
    message: "Cannot delete a role that pending invitations carry. Cancel those invitations first",
  },
  MFA_REQUIRED: {
    status: 403,
    message: "This organization requires two-step verification. Turn it on in your security settings to continue.",
  },
  MFA_POLICY_NEEDS_OWN_MFA: {
    status: 403,
    message: "Turn on two-step verification for your own account before requiring it for an organization.",
  },

  // Site administration
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS: { status: 403, message: "You are not allowed to list users" },
  ONLY_LISTED_ADMINS_ACT_ON_ADMINS: {
    status: 403,
    message: "Only an admin listed in ADMIN_USER_IDS can act on another admin",
  },
  CANNOT_REMOVE_LAST_ADMIN: {
    status: 400,
    message: "The last admin cannot be demoted or deleted; make another user an admin first",
  },
  YOU_CANNOT_IMPERSONATE_WHILE_IMPERSONATING: {
    status: 403,
    message: "You cannot impersonate while impersonating; stop impersonating first",
  },
  YOU_ARE_NOT_ALLOWED_TO_RESET_USERS_MFA: {
    status: 403,
    message: "You are not allowed to reset users' two-step verification and passkeys",
  },
  YOU_CANNOT_RESET_YOUR_OWN_MFA: {
    status: 400,
    message: "You cannot reset your own two-step verification here; change it in your security settings",
  },
  USER_HAS_NO_MFA: { status: 400, message: "This user has no two-step verification or passkeys to reset" },

  // Second factors
  TOTP_CODE_ALREADY_USED: {
    status: 401,
    message: "This code was already used. Wait for the next code from your authenticator app.",
  },
  TOO_MANY_TWO_FACTOR_ATTEMPTS: {
    status: 429,
    message: "Too many codes were tried for this account. Please try again later.",
  },
  TOO_MANY_TWO_FACTOR_CODES_SENT: {
    status: 429,
    message: "Too many codes were sent to this account. Please try again later.",
  },

  // Webhooks (src/shared/webhooks.ts WEBHOOK_ERROR_CODES lists them)
  WEBHOOK_URL_INVALID: { status: 400, message: "Enter an address that starts with https://" },
  WEBHOOK_URL_NOT_ALLOWED: { status: 400, message: "This address is internal and cannot receive webhooks" },
  WEBHOOK_EVENTS_REQUIRED: { status: 400, message: "Choose at least one event" },
  WEBHOOK_EVENT_UNKNOWN: { status: 400, message: "Unknown event type" },
  WEBHOOK_NOT_FOUND: { status: 404, message: "Webhook endpoint not found" },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: "Delivery not found" },
  WEBHOOK_LIMIT_REACHED: { status: 403, message: "You have reached the maximum number of webhook endpoints" },

  // SCIM tokens and organizations' OAuth clients
  SCIM_TOKEN_NOT_FOUND: { status: 404, message: "The organization has no SCIM token" },
  OAUTH_CLIENT_NOT_FOUND: { status: 404, message: "The organization has no such OAuth client" },

  // Single sign-on: domains, connections, policy (src/server/sso)
  SSO_DOMAIN_INVALID: { status: 400, message: "Enter a domain name such as example.com" },
  SSO_DOMAIN_EXISTS: { status: 409, message: "The organization already has this domain" },
  SSO_DOMAIN_LIMIT: {
    status: 409,
    message: (max: number) => `An organization has at most ${max} domains; remove one first`,
  },
  SSO_DOMAIN_TAKEN: { status: 409, message: "This domain is verified by another organization" },
  SSO_DOMAIN_NOT_FOUND: { status: 404, message: "The organization has no such domain" },
  SSO_DOMAIN_ALREADY_VERIFIED: { status: 409, message: "The domain is already verified" },
  SSO_DOMAIN_RECORD_NOT_FOUND: {
    status: 422,
    message: "The DNS TXT record was not found; publish it and try again (DNS changes can take a while)",
  },
  SSO_DOMAIN_NOT_VERIFIED: { status: 409, message: "Verify the domain first" },
  SSO_CONNECTION_NOT_CONFIGURED: { status: 409, message: "Set up the identity provider first" },
  SSO_CONNECTION_INVALID: {
    status: 400,
    message: "Enter the identity provider's issuer URL, client ID and client secret",
  },
  SSO_DISCOVERY_FAILED: {
    status: 422,
    message: "The identity provider's OpenID configuration could not be read from the issuer",
  },
  SSO_CONNECTION_IN_USE: {
    status: 409,
    message: "People have signed in through this identity provider; remove the domain to start over with another one",
  },
  // Also the `?error=` of a refused sign-in's redirect.
  SSO_NOT_AVAILABLE: { status: 404, message: "Single sign-on is not available for this address" },
  SSO_EMAIL_DOMAIN_MISMATCH: {
    status: 403,
    message: "The identity provider returned an address outside the organization's verified domain",
  },
  SSO_REQUIRED: {
    status: 403,
    message: "Your organization requires single sign-on for this address: use “Continue with SSO”",
  },
  SSO_POLICY_INVALID: {
    status: 400,
    message: "Choose off, invite or member for joining, and true or false for requiring single sign-on",
  },
  SSO_REQUIRED_NEEDS_CONNECTION: {
    status: 409,
    message: "Turn on single sign-on with a verified domain before requiring it",
  },
  SAML_CONNECTION_INVALID: {
    status: 400,
    message: "Paste the identity provider's metadata, or enter its entity ID, SSO URL and signing certificate",
  },
  // 400 when saving the connection, 422 when checking the saved one.
  SAML_METADATA_INVALID: { status: 400, message: "The identity provider's SAML metadata could not be used" },
  SAML_CERTIFICATE_INVALID: {
    status: 400,
    message: "The signing certificate could not be read; paste it in PEM form (-----BEGIN CERTIFICATE-----)",
  },
  SAML_CERTIFICATE_EXPIRED: { status: 422, message: "The identity provider's signing certificate is not valid now" },
  SAML_RESPONSE_INVALID: {
    status: 302,
    message:
      "The identity provider's answer could not be accepted (its signature, audience, recipient or validity time)",
  },
  SAML_RESPONSE_REPLAYED: { status: 302, message: "This sign-in answer was already used" },
  SAML_IDP_INITIATED: { status: 302, message: "Signing in from the identity provider's portal is not supported" },
  SAML_REQUEST_UNKNOWN: { status: 302, message: "This sign-in was not started here, or it has expired" },

  // API keys: Tessera's own, and the api-key plugin's that Tessera answers itself (src/shared/api-keys.ts)
  INVALID_API_KEY: { status: 401, message: "Invalid API key." },
  KEY_EXPIRED: { status: 401, message: "API Key has expired" },
  RATE_LIMITED: { status: 429, message: "Rate limit exceeded." },
  API_KEY_NOT_ALLOWED: { status: 403, message: "An API key cannot be used for this request" },
  API_KEY_SCOPE_MISSING: { status: 403, message: "This API key does not have the scope this request needs" },
  ORGANIZATION_API_KEY_NOT_ALLOWED: { status: 403, message: "An organization's API key cannot act for a user" },
  API_KEY_SCOPE_UNKNOWN: { status: 400, message: "Unknown API key scope" },
  API_KEY_EXPIRY_INVALID: { status: 400, message: "Choose one of the offered lifetimes" },
  API_KEY_NAME_INVALID: { status: 400, message: "Enter a name of at most 64 characters" },
  KEY_NOT_FOUND: { status: 404, message: "API Key not found" },
  INSUFFICIENT_API_KEY_PERMISSIONS: {
    status: 403,
    message: "You do not have permission to perform this action on organization API keys.",
  },
  USER_NOT_MEMBER_OF_ORGANIZATION: {
    status: 403,
    message: "You are not a member of the organization that owns this API key.",
  },

  // The development mailbox
  DEV_MAILBOX_LOCAL_ONLY: { status: 403, message: "The dev mailbox is only served to the machine Tessera runs on" },
  MAIL_NOT_FOUND: { status: 404, message: "No such mail in the dev mailbox" },
});

export type ErrorCode = keyof typeof ERROR_CODES;
type Entry<C extends ErrorCode> = (typeof ERROR_CODES)[C];

/**
 * What a code's message needs: a template's values; or nothing (the message) or a variant's name and,
 * for a variant template, its values.
 */
export type MessageArgs<C extends ErrorCode> = Entry<C>["message"] extends (...args: infer A) => string
  ? A
  : Entry<C> extends { variants: infer V }
    ? [] | { [K in keyof V]: V[K] extends (...args: infer A) => string ? [K, ...A] : [K] }[keyof V]
    : [];

/** The English message of `code`, its variant's or its template's filled in. */
export function messageOf<C extends ErrorCode>(code: C, ...args: MessageArgs<C>): string {
  const entry: ErrorCodeDefinition = ERROR_CODES[code];
  const call = (text: string | Template, values: unknown[]) =>
    typeof text === "string" ? text : (text as (...a: unknown[]) => string)(...values);
  if (typeof entry.message !== "string") return call(entry.message, args);
  const [variant, ...values] = args as unknown[];
  const text = typeof variant === "string" ? entry.variants?.[variant] : undefined;
  return text === undefined ? entry.message : call(text, values);
}

/** `{code: message}` for some codes: the shape of the shared code lists (WEBHOOK_ERROR_CODES, API_KEY_ERROR_CODES). */
export function messagesOf<const C extends ErrorCode>(codes: readonly C[]): { readonly [K in C]: string } {
  return Object.freeze(Object.fromEntries(codes.map((code) => [code, ERROR_CODES[code].message]))) as {
    readonly [K in C]: string;
  };
}
