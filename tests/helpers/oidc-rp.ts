import * as oidc from "openid-client";
import type { Reply, TestClient } from "./client.js";
import { expectStatus } from "./org-fixtures.js";
import type { TestServer } from "./server.js";

export interface RegisteredClient {
  clientId: string;
  clientSecret: string | null;
  redirectUri: string;
}

/** A client registered by a site admin through the admin console's call. */
export async function registerClient(
  admin: TestClient,
  options: { type?: "public" | "confidential"; trusted?: boolean; scopes?: string[]; redirectUri?: string } = {},
): Promise<RegisteredClient> {
  const redirectUri = options.redirectUri ?? "http://127.0.0.1:9/callback";
  const res = expectStatus(
    await admin.post("/api/admin/oauth-clients", {
      name: "Team Wiki",
      redirectUris: [redirectUri],
      scopes: options.scopes ?? ["openid", "profile", "email", "offline_access", "organizations"],
      type: options.type ?? "confidential",
      trusted: options.trusted ?? false,
    }),
    201,
  );
  return { clientId: res.body.client.clientId, clientSecret: res.body.clientSecret, redirectUri };
}

/** openid-client's configuration for Tessera, found by discovery over plain HTTP (tests only). */
export async function discover(server: TestServer, client: RegisteredClient) {
  return oidc.discovery(
    new URL(server.url),
    client.clientId,
    undefined,
    client.clientSecret ? oidc.ClientSecretBasic(client.clientSecret) : oidc.None(),
    { execute: [oidc.allowInsecureRequests] },
  );
}

/** Starts an authorization with PKCE, state and nonce: the URL to send the browser to and what to check on return. */
export async function startAuthorization(config: oidc.Configuration, redirectUri: string, scope: string) {
  const pkceCodeVerifier = oidc.randomPKCECodeVerifier();
  const checks = { pkceCodeVerifier, expectedState: oidc.randomState(), expectedNonce: oidc.randomNonce() };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(pkceCodeVerifier),
    code_challenge_method: "S256",
    state: checks.expectedState,
    nonce: checks.expectedNonce,
  });
  return { url, checks };
}

/**
 * Where the authorize endpoint sends the user. Node's fetch always says `sec-fetch-mode: cors`, which the
 * plugin answers with `{redirect, url}` instead of the 302 a browser's navigation gets; both say the same.
 */
export function nextLocation(res: Reply): string {
  const next = res.status === 302 ? res.location : res.status === 200 && res.body?.redirect ? res.body.url : null;
  if (!next) throw new Error(`authorize answered ${res.status} ${res.text}`);
  return next;
}

/**
 * What a signed-in browser does with the authorization URL: follows it, and on the consent screen
 * accepts through the call that screen makes. Returns the redirect back to the app (code or error).
 */
export async function authorizeAsUser(server: TestServer, user: TestClient, url: URL, accept = true): Promise<URL> {
  const target = new URL(nextLocation(await user.get(url.toString())), server.url);
  if (target.origin !== server.url || target.pathname !== "/oauth/consent") return target;
  const res = expectStatus(
    await user.post("/api/auth/oauth2/consent", { accept, oauth_query: target.search.slice(1) }),
    200,
  );
  const back = (res.body.url ?? res.body.redirect_uri) as string | undefined;
  if (!back) throw new Error(`consent answered ${res.text}`);
  return new URL(back);
}
