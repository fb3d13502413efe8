import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import {
  Events,
  type MutableRedirectUri,
  type MutableResponse,
  type MutableToken,
  type OAuth2EndpointsInput,
  OAuth2Issuer,
  OAuth2Server,
} from "oauth2-mock-server";
import type { Reply, TestClient } from "./client.js";
import { freePort } from "./ports.js";

/** Someone signed in at the provider. */
export interface ProviderUser {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
  picture?: string;
}

export interface OidcProviderOptions {
  clientId: string;
  clientSecret: string;
  /** Paths other than the OpenID defaults, e.g. GitLab's /oauth/authorize. */
  endpoints?: OAuth2EndpointsInput;
  /** Appended to the origin to form the issuer (Microsoft's is `<authority>/<tenant>/v2.0`). */
  issuerPath?: string;
  /** Extra ID-token and access-token claims for a user (e.g. Microsoft's oid and tid). */
  claims?: (user: ProviderUser) => Record<string, unknown>;
  /** Extra userinfo fields for a user (e.g. GitLab's numeric id and state). */
  profile?: (user: ProviderUser) => Record<string, unknown>;
}

interface Grant {
  user: ProviderUser;
  clientId: string;
  redirectUri: string;
  scope: string;
}

type Req = IncomingMessage & { body?: Record<string, string | undefined>; query: Record<string, unknown> };

/**
 * A real OpenID provider on a local port (oauth2-mock-server: discovery, JWKS, RS256-signed tokens,
 * PKCE), made strict the way real providers are: codes are single-use and bound to the client and
 * redirect URI, the client secret is checked, refresh tokens rotate, userinfo needs a live token.
 * Who is signed in at the provider is chosen with signInAs(); each code carries that user.
 */
export async function startOidcProvider(options: OidcProviderOptions) {
  const server = new OAuth2Server(undefined, undefined, { endpoints: options.endpoints });
  await server.issuer.keys.generate("RS256");
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Set before start(), which would otherwise name the issuer "localhost" (may resolve to ::1).
  server.issuer.url = origin + (options.issuerPath ?? "");
  await server.start(port, "127.0.0.1");

  let current: ProviderUser | undefined;
  let denyNext = false;
  let nextExpiresIn: number | undefined;
  const codes = new Map<string, Grant>();
  const refreshTokens = new Map<string, Grant>();
  const accessTokens = new Map<string, { user: ProviderUser; expiresAt: number }>();
  const tokenRequests: string[] = [];
  const issuedAccessTokens: string[] = [];

  const claimsFor = (user: ProviderUser) => ({
    sub: user.sub,
    ...(user.email === undefined ? {} : { email: user.email, email_verified: user.emailVerified ?? false }),
    ...(user.name === undefined ? {} : { name: user.name }),
    ...(user.picture === undefined ? {} : { picture: user.picture }),
    ...options.claims?.(user),
  });

  server.service.on(Events.BeforeAuthorizeRedirect, (redirect: MutableRedirectUri, req: Req) => {
    const code = redirect.url.searchParams.get("code");
    if (!code) return;
    if (denyNext || !current) {
      // The user pressed "Deny" (or never signed in): the provider answers with an error, no code.
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", denyNext ? "access_denied" : "login_required");
      redirect.url.searchParams.set("error_description", denyNext ? "The user denied the request" : "No user");
      denyNext = false;
      return;
    }
    codes.set(code, {
      user: current,
      clientId: String(req.query.client_id ?? ""),
      redirectUri: String(req.query.redirect_uri ?? ""),
      scope: String(req.query.scope ?? ""),
    });
  });

  server.service.on(Events.BeforeTokenSigning, (token: MutableToken, req: Req) => {
    const body = req.body ?? {};
    const grant =
      body.grant_type === "authorization_code"
        ? codes.get(body.code ?? "")
        : body.grant_type === "refresh_token"
          ? refreshTokens.get(body.refresh_token ?? "")
          : undefined;
    // jti: two tokens for one user in the same second must still differ.
    if (grant) Object.assign(token.payload, claimsFor(grant.user), { jti: randomUUID() });
  });

  server.service.on(Events.BeforeResponse, (response: MutableResponse, req: Req) => {
    const body = req.body ?? {};
    const fail = (statusCode: number, error: string) => {
      response.statusCode = statusCode;
      response.body = { error };
    };
    const client = clientCredentials(req);
    tokenRequests.push(body.grant_type ?? "");
    if (client.id !== options.clientId || client.secret !== options.clientSecret) return fail(401, "invalid_client");
    let grant: Grant | undefined;
    if (body.grant_type === "authorization_code") {
      grant = codes.get(body.code ?? "");
      codes.delete(body.code ?? "");
      if (!grant || grant.clientId !== client.id || grant.redirectUri !== body.redirect_uri) {
        return fail(400, "invalid_grant");
      }
    } else if (body.grant_type === "refresh_token") {
      grant = refreshTokens.get(body.refresh_token ?? "");
      refreshTokens.delete(body.refresh_token ?? "");
      if (!grant) return fail(400, "invalid_grant");
    } else {
      return fail(400, "unsupported_grant_type");
    }
    const issued = response.body as Record<string, unknown>;
    // The scopes granted at authorization, as real providers report them (the mock says "dummy").
    issued.scope = grant.scope;
    if (nextExpiresIn !== undefined) {
      issued.expires_in = nextExpiresIn;
      nextExpiresIn = undefined;
    }
    accessTokens.set(String(issued.access_token), {
      user: grant.user,
      expiresAt: Date.now() + Number(issued.expires_in) * 1000,
    });
    refreshTokens.set(String(issued.refresh_token), grant);
    issuedAccessTokens.push(String(issued.access_token));
  });

  server.service.on(Events.BeforeUserinfo, (response: MutableResponse, req: Req) => {
    const token = (req.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
    const entry = accessTokens.get(token);
    if (!entry || entry.expiresAt <= Date.now()) {
      response.statusCode = 401;
      response.body = { error: "invalid_token" };
      return;
    }
    response.body = { ...claimsFor(entry.user), ...options.profile?.(entry.user) };
  });

  /** An ID token signed with a key the provider's JWKS does not hold. */
  const forger = new OAuth2Issuer();
  forger.url = server.issuer.url;
  await forger.keys.generate("RS256");

  const signIdToken = (issuer: OAuth2Issuer, user: ProviderUser, extra: Record<string, unknown>) =>
    issuer.buildToken({
      scopesOrTransform: (_header, payload) => {
        Object.assign(payload, claimsFor(user), { aud: options.clientId }, extra);
      },
    });

  return {
    origin,
    issuer: server.issuer.url,
    discoveryUrl: `${origin}/.well-known/openid-configuration`,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    /** Grant types the token endpoint was called with, in order. */
    tokenRequests,
    /** Every access token issued, oldest first. */
    issuedAccessTokens,
    /** The user the next authorization is granted for. */
    signInAs(user: ProviderUser) {
      current = user;
    },
    /** The next authorization ends with error=access_denied, as when the user presses "Deny". */
    denyNextAuthorization() {
      denyNext = true;
    },
    /** The next token response says the access token expires in this many seconds. */
    expireNextTokenIn(seconds: number) {
      nextExpiresIn = seconds;
    },
    /** Whether the provider still accepts this access token at its userinfo endpoint. */
    isLiveAccessToken(token: string) {
      const entry = accessTokens.get(token);
      return !!entry && entry.expiresAt > Date.now();
    },
    /** An ID token the provider signed for this user, as a mobile SDK would hand to the app. */
    idTokenFor(user: ProviderUser, extra: Record<string, unknown> = {}) {
      return signIdToken(server.issuer, user, extra);
    },
    forgedIdTokenFor(user: ProviderUser) {
      return signIdToken(forger, user, {});
    },
    close: () => server.stop(),
  };
}

export type OidcProvider = Awaited<ReturnType<typeof startOidcProvider>>;

function clientCredentials(req: Req): { id?: string; secret?: string } {
  const header = req.headers.authorization ?? "";
  if (/^basic\s/i.test(header)) {
    const decoded = Buffer.from(header.replace(/^basic\s+/i, ""), "base64").toString("utf8");
    const i = decoded.indexOf(":");
    return { id: decodeURIComponent(decoded.slice(0, i)), secret: decodeURIComponent(decoded.slice(i + 1)) };
  }
  return { id: req.body?.client_id, secret: req.body?.client_secret };
}

/**
 * What the browser does after the app answers with the provider's URL: open it, let the provider
 * (where the user is signed in) redirect back, and follow that redirect with the app's cookies.
 * `tamper` edits the way back, as an attacker or a broken proxy would.
 */
export async function followProviderRedirect(
  client: TestClient,
  authorizeUrl: string,
  tamper?: (back: URL) => void,
): Promise<Reply> {
  const res = await fetch(authorizeUrl, { redirect: "manual" });
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) {
    throw new Error(`provider did not redirect back: ${res.status} ${await res.text()}`);
  }
  const back = new URL(location);
  tamper?.(back);
  return client.get(back.toString());
}

/** POST /sign-in/social, then the round trip through the provider; returns the app's final redirect. */
export async function socialSignIn(
  client: TestClient,
  provider: string,
  body: Record<string, unknown> = {},
  tamper?: (back: URL) => void,
): Promise<Reply> {
  const start = await client.post("/api/auth/sign-in/social", { provider, callbackURL: "/dashboard", ...body });
  if (start.status !== 200 || typeof start.body?.url !== "string") {
    throw new Error(`sign-in/social ${provider} failed: ${start.status} ${start.text}`);
  }
  return followProviderRedirect(client, start.body.url, tamper);
}

/** The `error` query parameter of a redirect, if any. */
export function redirectError(reply: Reply): string | null {
  return reply.location ? new URL(reply.location, "http://x").searchParams.get("error") : null;
}
