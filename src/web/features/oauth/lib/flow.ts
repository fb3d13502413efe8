/** What the provider adds to an authorization request to sign it for our pages; not the app's own parameters. */
const SIGNATURE_PARAMS = new Set(["sig", "exp", "ba_iat", "ba_param", "ba_pl"]);

/** Ours: when (this browser's clock, ms) the sign-in page began a re-authentication the app asked for. */
export const REAUTH_PARAM = "tessera_reauth_at";

/** Leeway (s) between the browser's count of seconds and the server's, for the max_age we send back. */
const REAUTH_LEEWAY_SECONDS = 2;

/** The app asked for a fresh sign-in: `prompt=login`, or `max_age` (the provider only sends a
 * signed-in user here for max_age when the session is older than that). */
export function needsReauthentication(params: URLSearchParams): boolean {
  return (params.get("prompt") ?? "").split(" ").includes("login") || params.has("max_age");
}

/**
 * The app's authorization request, from the provider's signed query (the sign-in page link): the
 * signature removed. `prompt=login` and `max_age` (OIDC Core §3.1.2.1) become a max_age the provider
 * checks against the session: a request that began a re-authentication (REAUTH_PARAM, set by the
 * sign-in page) goes back asking for a session no older than that re-authentication, so the session
 * the user had before does not satisfy it; the provider sends them to sign in again instead.
 */
export function authorizationParams(search: string, now = Date.now()): URLSearchParams | null {
  const params = new URLSearchParams(search);
  if (!params.get("client_id")) return null;
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    if (SIGNATURE_PARAMS.has(key) || key === REAUTH_PARAM || key === "max_age") continue;
    if (key === "prompt") {
      const rest = value.split(" ").filter((p) => p && p !== "login");
      if (rest.length) out.append(key, rest.join(" "));
      continue;
    }
    out.append(key, value);
  }
  const began = Number(params.get(REAUTH_PARAM));
  const requested = params.has("max_age") ? Number(params.get("max_age")) : null;
  if (Number.isFinite(began) && began > 0) {
    const sinceReauth = Math.max(1, Math.ceil((now - began) / 1000) + REAUTH_LEEWAY_SECONDS);
    out.set("max_age", String(requested && requested > 0 ? Math.min(requested, sinceReauth) : sinceReauth));
  } else if (requested !== null) {
    out.set("max_age", String(params.get("max_age")));
  }
  return out;
}

/** The scopes of a consent request, as the provider listed them. */
export function requestedScopes(search: string): string[] {
  const scope = new URLSearchParams(search).get("scope") ?? "";
  return [...new Set(scope.split(" ").filter(Boolean))];
}
