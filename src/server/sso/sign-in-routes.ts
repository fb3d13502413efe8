import { type Context, Hono } from "hono";
import type { Auth } from "../auth/auth.js";
import { sameSitePath } from "../auth/redirect-url-rules.js";
import { countAttempt } from "../auth/window-counter.js";
import type { Config } from "../config.js";
import { fail } from "../errors.js";
import { trustedOrigin } from "../routes/account/trusted-origin.js";
import { tooManyRequests } from "../routes/authorize.js";
import { isUsable, type SsoProviderRow } from "./connection.js";
import { providerRowForEmail } from "./domains.js";
import { ssoRequiredFor } from "./policy.js";

export interface SsoSignInDeps {
  auth: Auth;
  config: Pick<Config, "baseURL" | "trustedOrigins" | "rateLimitEnabled">;
  /** The client's address (the socket's, or a TRUSTED_PROXIES hop's), which the limit counts. */
  clientAddress: (c: Context) => string | null;
}

/** Calls per client address to /api/sso/* (docs/behaviour.md "Rate limits"): the engine's limit never sees them. */
const SSO_LOOKUP_LIMIT = { model: "signInThrottle", max: 20, windowSeconds: 60 } as const;

/**
 * The sign-in screen's side (docs/sso.md "Signing in"), under /api/sso: whether an address signs in with
 * single sign-on, and the start of that sign-in. Only a verified domain with a connection that is on.
 */
export function ssoSignInRoutes({ auth, config, clientAddress }: SsoSignInDeps) {
  const app = new Hono();
  app.use("*", trustedOrigin(config));
  // Which domains sign in with SSO, and starting sign-ins (each a state row), are not free for the asking.
  if (config.rateLimitEnabled) {
    app.use("*", async (c, next) => {
      const context = (await auth.$context) as unknown as Parameters<typeof countAttempt>[0];
      const verdict = await countAttempt(context, `sso:${clientAddress(c) ?? "unknown"}`, SSO_LOOKUP_LIMIT);
      return verdict.allowed ? next() : tooManyRequests(c, verdict.retryAfter);
    });
  }

  async function usableRowFor(email: unknown): Promise<SsoProviderRow | null> {
    if (typeof email !== "string" || email.length > 320) return null;
    const { adapter } = await auth.$context;
    const row = await providerRowForEmail(adapter, email);
    return isUsable(row) ? row : null;
  }

  app.post("/check", async (c) => {
    const body = (await c.req.json().catch(() => null)) as { email?: unknown } | null;
    const sso = !!(await usableRowFor(body?.email));
    // `required`: the organization allows no password for this address (the screen hides the password field).
    const { adapter } = await auth.$context;
    return c.json({ sso, required: sso && (await ssoRequiredFor(adapter, body?.email)) });
  });

  // The browser goes to the answer's url (the organization's identity provider); the state cookie rides along.
  app.post("/sign-in", async (c) => {
    const body = (await c.req.json().catch(() => null)) as { email?: unknown; callbackURL?: unknown } | null;
    const row = await usableRowFor(body?.email);
    if (!row) return fail(c, "SSO_NOT_AVAILABLE");
    // Handed to the engine from the server, where its origin check does not run: only a path of this site.
    const callbackURL = sameSitePath(body?.callbackURL, config.baseURL) ?? "/";
    const api = auth.api as unknown as {
      signInSSO(input: { body: Record<string, unknown>; headers: Headers; asResponse: true }): Promise<Response>;
    };
    return api.signInSSO({
      body: {
        providerId: row.providerId,
        providerType: row.samlConfig ? "saml" : "oidc",
        callbackURL,
        errorCallbackURL: "/sign-in",
        loginHint: body?.email,
      },
      headers: c.req.raw.headers,
      asResponse: true,
    });
  });

  return app;
}
