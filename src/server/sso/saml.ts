import type { Context, MiddlewareHandler } from "hono";
import type { ErrorCode } from "../../shared/error-codes.js";
import type { Auth } from "../auth/auth.js";
import { AUTH_BASE_PATH } from "../auth/options.js";
import { fail } from "../errors.js";
import { isUsable, type SsoProviderRow } from "./connection.js";

/**
 * SAML 2.0 connections (docs/sso.md "SAML"), on the engine's `@better-auth/sso` plugin, which checks the
 * responses itself: the assertion's signature against the IdP's certificate (the only assertion, signed as
 * a whole: no signature wrapping), audience, recipient and destination, NotBefore/NotOnOrAfter within the
 * clock skew, InResponseTo against the request it sent (so no IdP-initiated sign-in), and each assertion
 * ID only once. Tessera adds here what the plugin leaves to the application: the connection saved on the
 * organization's row from the IdP's metadata (or entity ID, SSO URL and certificate), the settings calls,
 * which of the plugin's SAML endpoints are served at all, and where a refused response lands. The connection's
 * configuration is saml-config.ts, its settings calls saml-routes.ts; this file is the sign-in side.
 */

const PROVIDER_ID = /^org-[A-Za-z0-9_-]{1,128}$/;

/** Where a refused SAML response sends the person: the app's error page, with one of these codes. */
const SAML_SIGN_IN_ERRORS = {
  invalid: "SAML_RESPONSE_INVALID",
  replayed: "SAML_RESPONSE_REPLAYED",
  idpInitiated: "SAML_IDP_INITIATED",
  unknownRequest: "SAML_REQUEST_UNKNOWN",
} as const satisfies Record<string, ErrorCode>;

/** A refused response's error from the plugin (its `error` and `error_description`) as Tessera's code. */
function samlSignInError(error: string, description: string): ErrorCode {
  const text = `${error} ${description}`.toLowerCase();
  if (error === "SSO_EMAIL_DOMAIN_MISMATCH" || error === "account_not_linked") return "SSO_EMAIL_DOMAIN_MISMATCH";
  if (error === "SSO_NOT_AVAILABLE") return "SSO_NOT_AVAILABLE";
  if (error === "unsolicited_response") return SAML_SIGN_IN_ERRORS.idpInitiated;
  if (error === "replay_detected") return SAML_SIGN_IN_ERRORS.replayed;
  if (error === "invalid_state" || text.includes("request id") || text.includes("provider mismatch")) {
    return SAML_SIGN_IN_ERRORS.unknownRequest;
  }
  return SAML_SIGN_IN_ERRORS.invalid;
}

/**
 * In front of the plugin's SAML endpoints (`/api/auth/sso/saml2/*`), which identity providers post to from
 * anywhere: only the SP metadata of an organization that saved a SAML connection (it holds nothing secret
 * and the IdP's administrator needs it to set the connection up), and the assertion consumer service of
 * an organization whose SAML connection is on. Everything else (single logout, the GET variant of the
 * ACS, other providers) is 404. A refused response ends on the app's error page with Tessera's code.
 */
export function samlGate({ auth, baseURL }: { auth: Auth; baseURL: string }): MiddlewareHandler {
  const notFound = (c: Context) => fail(c, "NOT_FOUND");
  const errorPage = (code: string) => `${baseURL}/error?error=${encodeURIComponent(code)}`;

  async function rowOf(providerId: string | undefined): Promise<SsoProviderRow | null> {
    if (!providerId || !PROVIDER_ID.test(providerId)) return null;
    const { adapter } = await auth.$context;
    return adapter.findOne<SsoProviderRow>({
      model: "ssoProvider",
      where: [{ field: "providerId", value: providerId }],
    });
  }

  return async (c, next) => {
    const path = c.req.path.slice(`${AUTH_BASE_PATH}/sso/saml2`.length);
    if (path === "/sp/metadata" && c.req.method === "GET") {
      const ids = c.req.queries("providerId") ?? [];
      const row = ids.length === 1 ? await rowOf(ids[0]) : null;
      if (!row?.samlConfig || !row.domainVerified) return notFound(c);
      return next();
    }
    const acs = /^\/sp\/acs\/([^/]+)$/.exec(path);
    if (!acs || c.req.method !== "POST") return notFound(c);
    const row = await rowOf(acs[1]);
    if (!row?.samlConfig) return notFound(c);
    // Turned off (or the domain no longer verified): a sign-in under way ends here, nothing is read.
    if (!isUsable(row)) return c.redirect(errorPage("SSO_NOT_AVAILABLE"), 302);
    await next();
    const res = c.res;
    const location = res.headers.get("location");
    let landing: URL | null = null;
    try {
      landing = location ? new URL(location, baseURL) : null;
    } catch {
      landing = null;
    }
    const error = landing?.searchParams.get("error");
    if (res.status >= 300 && res.status < 400 && landing && !error) return; // signed in
    const code = error ? samlSignInError(error, landing?.searchParams.get("error_description") ?? "") : null;
    const headers = new Headers(res.headers);
    headers.delete("content-type");
    headers.delete("content-length");
    headers.set("location", errorPage(code ?? SAML_SIGN_IN_ERRORS.invalid));
    // Cleared first: Hono's setter would otherwise copy the engine's headers (its Location) onto ours.
    c.res = undefined;
    c.res = new Response(null, { status: 302, headers });
  };
}
