// Long by design: every variable, its default and its check in one table (STYLE: config is read once, here).
import { availableParallelism } from "node:os";
import { z } from "zod";
import { SOCIAL_PROVIDER_IDS, type SocialProviderId } from "../shared/providers.js";

const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === "true" || v === "1" || v === "yes"));

const seconds = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  );

const httpUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//i.test(v), "must be an http(s) URL")
  .transform((v) => v.replace(/\/+$/, ""));

/** A DNS server as node:dns takes it: an IPv4 address, `[IPv6]`, either with `:port`, or a bare IPv6 address. */
const dnsServer = /^(?:\d{1,3}(?:\.\d{1,3}){3}(?::\d{1,5})?|\[[0-9a-f:]+\](?::\d{1,5})?|[0-9a-f:]+)$/i;
const ipOrCidr = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]+)(?:\/\d{1,3})?$/i;

// Ids the engine already uses for its own accounts; an OpenID provider must not take them.
const RESERVED_PROVIDER_IDS: readonly string[] = [...SOCIAL_PROVIDER_IDS, "credential", "email-password"];

const requiredString = () =>
  z
    .string({
      error: (issue) =>
        issue.code === "invalid_type" ? (issue.input === undefined ? "is required" : "must be a string") : undefined,
    })
    .min(1, "is required");

/** OIDC_PROVIDERS: a JSON array of OpenID Connect providers served through the engine's generic OAuth plugin. */
const oidcProviders = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return [];
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({
        code: "custom",
        message: "must be a JSON array of {id, name, discoveryUrl, clientId, clientSecret, scopes?}",
      });
      return z.NEVER;
    }
  })
  .pipe(
    z.array(
      z.strictObject({
        id: requiredString()
          .regex(/^[a-z0-9][a-z0-9_-]*$/, "must be lowercase letters, digits, - or _")
          .refine((id) => !RESERVED_PROVIDER_IDS.includes(id), "clashes with a built-in provider id"),
        name: requiredString(),
        discoveryUrl: requiredString().refine(
          (v) => URL.canParse(v) && /^https?:\/\//i.test(v),
          "must be an http(s) URL",
        ),
        clientId: requiredString(),
        clientSecret: requiredString(),
        scopes: z.array(z.string().min(1)).optional(),
      }),
    ),
  )
  .refine((list) => new Set(list.map((p) => p.id)).size === list.length, "ids must be unique");

/** SMTP_URL: smtp://[user:password@]host[:port] (STARTTLS when offered) or smtps://… (TLS from the start). */
const smtpUrl = z.string().superRefine((value, ctx) => {
  // Messages never repeat the value: it may hold a password.
  const fail = (message: string) => ctx.addIssue({ code: "custom", message });
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail(
      "must be a URL like smtp://user:password@host:587 or smtps://host:465 (a valid port, special characters encoded)",
    );
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") return fail("must start with smtp:// or smtps://");
  if (!url.hostname) return fail("must name a host, e.g. smtp://mail.example.com:587");
  if (url.pathname !== "" && url.pathname !== "/") return fail("must not have a path after the host and port");
});

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    // Unset: every interface in production (containers, proxies), only this machine otherwise.
    HOST: z.string().optional(),
    BASE_URL: httpUrl.optional(),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: z
      .string()
      .optional()
      .refine(
        (v) => v === undefined || /^file:.+/.test(v) || /^postgres(ql)?:\/\/.+/.test(v),
        "must be file:PATH or postgres://…",
      ),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\/.+/, "must be redis://… or rediss://…")
      .optional(),
    // Keys of several deployments (or test runs) can share one Redis.
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, "must be 1-64 letters, digits, _ . : or -")
      .default("tessera:"),
    // The session fast path: get-session, app routes' session checks and organization reads without the engine when
    // it can (docs/decisions/006-session-fast-path.md, 014-organization-reads.md).
    SESSION_FAST_PATH: bool(true),
    // Password hashing threads (src/server/auth/password-hashing.ts): how many, and how politely.
    PASSWORD_HASH_THREADS: z.coerce.number().int().min(1).max(64).optional(),
    PASSWORD_HASH_NICE: z.coerce.number().int().min(0).max(19).default(10),
    // The test suite's lower scrypt cost (password-hashing.ts `testCost`); refused unless NODE_ENV=test.
    TEST_PASSWORD_HASH_COST: z.coerce
      .number()
      .int()
      .refine((n) => n >= 2 && n <= 8192 && (n & (n - 1)) === 0, "must be a power of two from 2 to 8192")
      .optional(),
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: smtpUrl.optional(),
    MAIL_FROM: z
      .string()
      .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, "must be an address or Name <address>")
      .default("Tessera <no-reply@tessera.localhost>"),
    MAIL_TRANSPORT: z.enum(["smtp", "log"]).optional(),
    // Delivery through the outbox (docs/decisions/004-mail-templates.md).
    MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
    MAIL_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(10_000),
    MAIL_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
    // Webhooks (docs/webhooks.md): internal receivers, retries, limits.
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: bool(false),
    WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
    WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(30_000),
    WEBHOOK_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    WEBHOOK_DISABLE_AFTER_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .max(365 * 86400)
      .default(5 * 86400),
    WEBHOOK_ENDPOINT_LIMIT: z.coerce.number().int().min(1).max(1000).default(20),
    // "Sign in with Tessera" (docs/integrate.md): RFC 7591 registration by signed-in site admins, and
    // the lifetime of the session JWTs of GET /api/auth/token.
    OAUTH_DYNAMIC_CLIENT_REGISTRATION: bool(false),
    JWT_EXPIRES_IN: z.coerce.number().int().min(60, "must be at least 60 seconds").max(86400).default(900),
    TRUSTED_ORIGINS: list.pipe(z.array(httpUrl)),
    TRUSTED_PROXIES: list.pipe(z.array(z.string().regex(ipOrCidr, "must be IP addresses or CIDR ranges"))),
    // The DNS servers that check an organization's domain TXT record (docs/sso.md); default: the system's.
    DNS_SERVERS: list.pipe(z.array(z.string().regex(dnsServer, "must be IP addresses, optionally with :port"))),
    ADMIN_USER_IDS: list,
    RATE_LIMIT_ENABLED: bool(true),
    REQUIRE_EMAIL_VERIFICATION: bool(true),
    PASSWORD_MIN_LENGTH: z.coerce.number().int().min(1).max(1024).default(8),
    PASSWORD_MAX_LENGTH: z.coerce.number().int().min(1).max(1024).default(128),
    SESSION_EXPIRES_IN: z.coerce.number().int().min(60, "must be at least 60 seconds").default(604800),
    SESSION_UPDATE_AGE: seconds(86400),
    SESSION_FRESH_AGE: seconds(86400),
    // Seconds a signed copy of the session in a cookie is trusted without a lookup; 0 = off. A revoked
    // session (or a ban) can stay usable that long on any instance (docs/operations.md).
    SESSION_COOKIE_CACHE_MAX_AGE: seconds(0),
    ORGANIZATION_LIMIT: z.coerce.number().int().min(0).optional(),
    ORGANIZATION_CREATORS: z.enum(["everyone", "admins", "nobody"]).default("everyone"),
    MEMBERSHIP_LIMIT: z.coerce.number().int().min(1).default(100),
    // The engine reads 0 as "unset" and falls back to 48 h, so 0 is refused rather than silently ignored.
    INVITATION_EXPIRES_IN: z.coerce.number().int().min(1, "must be at least 1 second").default(172800),
    TEAM_MEMBER_LIMIT: z.coerce.number().int().min(1).optional(),
    // Invitation mails (new or resent) per inviting user and per organization per window; always on.
    INVITATION_SEND_LIMIT_PER_USER: z.coerce.number().int().min(1).default(20),
    INVITATION_SEND_LIMIT_PER_ORGANIZATION: z.coerce.number().int().min(1).default(50),
    INVITATION_SEND_WINDOW: z.coerce.number().int().min(1, "must be at least 1 second").default(3600),
    // GET /metrics (docs/operations.md "Metrics"): off unless a token or a port of its own is set.
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{16,256}$/, "must be 16-256 printable characters without spaces")
      .optional(),
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
    // Social sign-in beyond <ID>_CLIENT_ID/_SECRET (docs/decisions/003-social-providers.md).
    OIDC_PROVIDERS: oidcProviders,
    TRUSTED_PROVIDERS: list,
    ALLOW_DIFFERENT_LINK_EMAILS: bool(false),
    ALLOW_UNLINKING_ALL: bool(false),
    APPLE_APP_BUNDLE_IDENTIFIER: z.string().optional(),
    APPLE_AUDIENCE: list,
    MICROSOFT_TENANT_ID: z
      .string()
      .regex(/^[A-Za-z0-9.-]+$/, "must be a tenant id, a domain, common, organizations or consumers")
      .optional(),
    MICROSOFT_AUTHORITY: httpUrl.optional(),
    GITLAB_ISSUER: httpUrl.optional(),
    GOOGLE_HOSTED_DOMAIN: z.string().optional(),
    GOOGLE_ACCESS_TYPE: z.enum(["offline", "online"]).optional(),
    DROPBOX_ACCESS_TYPE: z.enum(["offline", "online", "legacy"]).optional(),
    REDDIT_DURATION: z.enum(["temporary", "permanent"]).optional(),
    FACEBOOK_CONFIG_ID: z.string().optional(),
  })
  .superRefine((c, ctx) => {
    const knownProviders = [...SOCIAL_PROVIDER_IDS, ...c.OIDC_PROVIDERS.map((p) => p.id)] as string[];
    for (const id of c.TRUSTED_PROVIDERS) {
      if (!knownProviders.includes(id)) {
        ctx.addIssue({ code: "custom", path: ["TRUSTED_PROVIDERS"], message: `names an unknown provider "${id}"` });
      }
    }
    if (c.METRICS_PORT !== undefined && c.METRICS_PORT === c.PORT) {
      ctx.addIssue({ code: "custom", path: ["METRICS_PORT"], message: "must differ from PORT" });
    }
    if (c.PASSWORD_MIN_LENGTH > c.PASSWORD_MAX_LENGTH) {
      ctx.addIssue({ code: "custom", path: ["PASSWORD_MIN_LENGTH"], message: "must not exceed PASSWORD_MAX_LENGTH" });
    }
    if (c.TEST_PASSWORD_HASH_COST !== undefined && c.NODE_ENV !== "test") {
      ctx.addIssue({
        code: "custom",
        path: ["TEST_PASSWORD_HASH_COST"],
        message: "is only for the test suite (NODE_ENV=test): it makes password hashes weaker",
      });
    }
    if (c.NODE_ENV === "production" && !c.BETTER_AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["BETTER_AUTH_SECRET"], message: "is required when NODE_ENV=production" });
    }
    if (c.NODE_ENV === "production" && !c.SMTP_URL && c.MAIL_TRANSPORT !== "log") {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required when NODE_ENV=production (set MAIL_TRANSPORT=log to only log mail on purpose)",
      });
    }
  });

/** Every variable the schema reads (a test keeps `.env.example` and the README's table in step with it). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

/** Variables read by pattern rather than by name: `<PROVIDER>_CLIENT_ID` / `_CLIENT_SECRET`, and TikTok's own name. */
export const CONFIG_VARIABLE_PATTERNS: readonly RegExp[] = [/^[A-Z]+_CLIENT_(?:ID|SECRET)$/, /^TIKTOK_CLIENT_KEY$/];

interface SocialProviderCredentials {
  clientId: string;
  clientSecret: string;
}

/** A provider's own settings; each only makes sense with that provider's credentials. */
const SOCIAL_PROVIDER_SETTINGS: Record<string, SocialProviderId> = {
  APPLE_APP_BUNDLE_IDENTIFIER: "apple",
  APPLE_AUDIENCE: "apple",
  MICROSOFT_TENANT_ID: "microsoft",
  MICROSOFT_AUTHORITY: "microsoft",
  GITLAB_ISSUER: "gitlab",
  GOOGLE_HOSTED_DOMAIN: "google",
  GOOGLE_ACCESS_TYPE: "google",
  DROPBOX_ACCESS_TYPE: "dropbox",
  REDDIT_DURATION: "reddit",
  FACEBOOK_CONFIG_ID: "facebook",
};

/** `<ID>_CLIENT_ID` + `<ID>_CLIENT_SECRET` turn a docs/behaviour.md#social-providers provider on; one without the other is an error. */
function parseSocialProviders(env: Record<string, string>, issues: string[]) {
  const providers: Partial<Record<SocialProviderId, SocialProviderCredentials>> = {};
  for (const id of SOCIAL_PROVIDER_IDS) {
    const prefix = id.toUpperCase();
    // TikTok calls its client id a "client key"; accept its own name too.
    const clientId = env[`${prefix}_CLIENT_ID`] ?? (id === "tiktok" ? env.TIKTOK_CLIENT_KEY : undefined);
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    if (clientId && clientSecret) providers[id] = { clientId, clientSecret };
    else if (clientId || clientSecret) {
      issues.push(
        `${prefix}_CLIENT_${clientId ? "SECRET" : "ID"} must be set together with ${prefix}_CLIENT_${clientId ? "ID" : "SECRET"}`,
      );
    }
  }
  for (const [variable, id] of Object.entries(SOCIAL_PROVIDER_SETTINGS)) {
    const prefix = id.toUpperCase();
    if (env[variable] && !providers[id]) {
      issues.push(`${variable} is set but ${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET are not`);
    }
  }
  return providers;
}

export type Config = ReturnType<typeof toConfig>;

function toConfig(
  e: z.output<typeof schema>,
  socialProviders: Partial<Record<SocialProviderId, SocialProviderCredentials>>,
) {
  const baseURL = e.BASE_URL ?? `http://localhost:${e.PORT || 3000}`;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1"),
    baseURL,
    secureCookies: baseURL.startsWith("https://"),
    dataDir: e.DATA_DIR,
    databaseURL: e.DATABASE_URL ?? `file:${e.DATA_DIR.replace(/\/+$/, "")}/tessera.db`,
    redisURL: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    sessionFastPath: e.SESSION_FAST_PATH,
    passwordHashing: {
      threads: e.PASSWORD_HASH_THREADS ?? availableParallelism(),
      nice: e.PASSWORD_HASH_NICE,
      testCost: e.TEST_PASSWORD_HASH_COST,
    },
    secret: e.BETTER_AUTH_SECRET,
    mail: {
      smtpURL: e.SMTP_URL,
      from: e.MAIL_FROM,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      pollIntervalMs: e.MAIL_POLL_INTERVAL_MS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      sendTimeoutMs: e.MAIL_SEND_TIMEOUT_MS,
      transport: e.SMTP_URL
        ? ("smtp" as const)
        : e.MAIL_TRANSPORT === "log" || e.NODE_ENV === "production"
          ? ("log" as const)
          : ("dev" as const),
    },
    webhooks: {
      // https only when the app itself runs on https or in production (docs/webhooks.md "Safe by default").
      requireHttps: baseURL.startsWith("https://") || e.NODE_ENV === "production",
      allowPrivateAddresses: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES,
      maxAttempts: e.WEBHOOK_MAX_ATTEMPTS,
      retryBaseMs: e.WEBHOOK_RETRY_BASE_MS,
      pollIntervalMs: e.WEBHOOK_POLL_INTERVAL_MS,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
      disableAfterMs: e.WEBHOOK_DISABLE_AFTER_SECONDS * 1000,
      endpointLimit: e.WEBHOOK_ENDPOINT_LIMIT,
    },
    oauth: { dynamicClientRegistration: e.OAUTH_DYNAMIC_CLIENT_REGISTRATION, jwtExpiresIn: e.JWT_EXPIRES_IN },
    trustedOrigins: [...new Set([new URL(baseURL).origin, ...e.TRUSTED_ORIGINS.map((o) => new URL(o).origin)])],
    trustedProxies: e.TRUSTED_PROXIES,
    dnsServers: e.DNS_SERVERS,
    adminUserIds: e.ADMIN_USER_IDS,
    rateLimitEnabled: e.RATE_LIMIT_ENABLED,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    password: { min: e.PASSWORD_MIN_LENGTH, max: e.PASSWORD_MAX_LENGTH },
    session: {
      expiresIn: e.SESSION_EXPIRES_IN,
      updateAge: e.SESSION_UPDATE_AGE,
      freshAge: e.SESSION_FRESH_AGE,
      cookieCacheMaxAge: e.SESSION_COOKIE_CACHE_MAX_AGE,
    },
    organization: {
      limit: e.ORGANIZATION_LIMIT,
      creators: e.ORGANIZATION_CREATORS,
      membershipLimit: e.MEMBERSHIP_LIMIT,
      invitationExpiresIn: e.INVITATION_EXPIRES_IN,
      teamMemberLimit: e.TEAM_MEMBER_LIMIT,
      invitationSend: {
        perUser: e.INVITATION_SEND_LIMIT_PER_USER,
        perOrganization: e.INVITATION_SEND_LIMIT_PER_ORGANIZATION,
        windowSeconds: e.INVITATION_SEND_WINDOW,
      },
    },
    logLevel: e.LOG_LEVEL,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    socialProviders,
    socialProviderSettings: {
      apple: {
        appBundleIdentifier: e.APPLE_APP_BUNDLE_IDENTIFIER,
        audience: e.APPLE_AUDIENCE.length ? e.APPLE_AUDIENCE : undefined,
      },
      microsoft: { tenantId: e.MICROSOFT_TENANT_ID, authority: e.MICROSOFT_AUTHORITY },
      gitlab: { issuer: e.GITLAB_ISSUER },
      google: { hd: e.GOOGLE_HOSTED_DOMAIN, accessType: e.GOOGLE_ACCESS_TYPE },
      dropbox: { accessType: e.DROPBOX_ACCESS_TYPE },
      reddit: { duration: e.REDDIT_DURATION },
      facebook: { configId: e.FACEBOOK_CONFIG_ID },
    },
    oidcProviders: e.OIDC_PROVIDERS,
    accountLinking: {
      trustedProviders: e.TRUSTED_PROVIDERS,
      allowDifferentEmails: e.ALLOW_DIFFERENT_LINK_EMAILS,
      allowUnlinkingAll: e.ALLOW_UNLINKING_ALL,
    },
  };
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses the environment once; throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  // An empty variable means "unset", as in most deploy tools.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(cleaned);
  const issues = result.success
    ? []
    : result.error.issues.map((i) => `${i.path.join(".") || "environment"} ${i.message}`);
  const socialProviders = parseSocialProviders(cleaned as Record<string, string>, issues);
  if (!result.success || issues.length) throw new ConfigError(issues);
  return toConfig(result.data, socialProviders);
}
