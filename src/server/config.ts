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

const ipOrCidr = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:]+)(?:\/\d{1,3})?$/i;

const schema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
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
    BETTER_AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^/]+/, "must be smtp://host:port or smtps://host:port")
      .optional(),
    MAIL_FROM: z.string().default("Tessera <no-reply@tessera.localhost>"),
    MAIL_TRANSPORT: z.enum(["smtp", "log"]).optional(),
    TRUSTED_ORIGINS: list.pipe(z.array(httpUrl)),
    TRUSTED_PROXIES: list.pipe(z.array(z.string().regex(ipOrCidr, "must be IP addresses or CIDR ranges"))),
    ADMIN_USER_IDS: list,
    RATE_LIMIT_ENABLED: bool(true),
    REQUIRE_EMAIL_VERIFICATION: bool(true),
    PASSWORD_MIN_LENGTH: z.coerce.number().int().min(1).max(1024).default(8),
    PASSWORD_MAX_LENGTH: z.coerce.number().int().min(1).max(1024).default(128),
    SESSION_EXPIRES_IN: seconds(604800),
    SESSION_UPDATE_AGE: seconds(86400),
    SESSION_FRESH_AGE: seconds(86400),
    ORGANIZATION_LIMIT: z.coerce.number().int().min(0).optional(),
    ORGANIZATION_CREATORS: z.enum(["everyone", "admins", "nobody"]).default("everyone"),
    MEMBERSHIP_LIMIT: z.coerce.number().int().min(1).default(100),
    INVITATION_EXPIRES_IN: seconds(172800),
    TEAM_MEMBER_LIMIT: z.coerce.number().int().min(1).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine((c, ctx) => {
    if (c.PASSWORD_MIN_LENGTH > c.PASSWORD_MAX_LENGTH) {
      ctx.addIssue({ code: "custom", path: ["PASSWORD_MIN_LENGTH"], message: "must not exceed PASSWORD_MAX_LENGTH" });
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

export type Env = z.input<typeof schema>;

export interface SocialProviderCredentials {
  clientId: string;
  clientSecret: string;
}

/** `<ID>_CLIENT_ID` + `<ID>_CLIENT_SECRET` turn a SPEC §3 provider on; one without the other is an error. */
function parseSocialProviders(env: Record<string, string>, issues: string[]) {
  const providers: Partial<Record<SocialProviderId, SocialProviderCredentials>> = {};
  for (const id of SOCIAL_PROVIDER_IDS) {
    const prefix = id.toUpperCase();
    const clientId = env[`${prefix}_CLIENT_ID`];
    const clientSecret = env[`${prefix}_CLIENT_SECRET`];
    if (clientId && clientSecret) providers[id] = { clientId, clientSecret };
    else if (clientId || clientSecret) {
      issues.push(
        `${prefix}_CLIENT_${clientId ? "SECRET" : "ID"} must be set together with ${prefix}_CLIENT_${clientId ? "ID" : "SECRET"}`,
      );
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
    host: e.HOST,
    baseURL,
    secureCookies: baseURL.startsWith("https://"),
    dataDir: e.DATA_DIR,
    databaseURL: e.DATABASE_URL ?? `file:${e.DATA_DIR.replace(/\/+$/, "")}/tessera.db`,
    redisURL: e.REDIS_URL,
    secret: e.BETTER_AUTH_SECRET,
    mail: {
      smtpURL: e.SMTP_URL,
      from: e.MAIL_FROM,
      transport: e.SMTP_URL
        ? ("smtp" as const)
        : e.MAIL_TRANSPORT === "log" || e.NODE_ENV === "production"
          ? ("log" as const)
          : ("dev" as const),
    },
    trustedOrigins: [...new Set([new URL(baseURL).origin, ...e.TRUSTED_ORIGINS.map((o) => new URL(o).origin)])],
    trustedProxies: e.TRUSTED_PROXIES,
    adminUserIds: e.ADMIN_USER_IDS,
    rateLimitEnabled: e.RATE_LIMIT_ENABLED,
    requireEmailVerification: e.REQUIRE_EMAIL_VERIFICATION,
    password: { min: e.PASSWORD_MIN_LENGTH, max: e.PASSWORD_MAX_LENGTH },
    session: { expiresIn: e.SESSION_EXPIRES_IN, updateAge: e.SESSION_UPDATE_AGE, freshAge: e.SESSION_FRESH_AGE },
    organization: {
      limit: e.ORGANIZATION_LIMIT,
      creators: e.ORGANIZATION_CREATORS,
      membershipLimit: e.MEMBERSHIP_LIMIT,
      invitationExpiresIn: e.INVITATION_EXPIRES_IN,
      teamMemberLimit: e.TEAM_MEMBER_LIMIT,
    },
    logLevel: e.LOG_LEVEL,
    socialProviders,
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
