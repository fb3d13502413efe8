/** What the provider adds to an authorization request to sign it for our pages; not the app's own parameters. */
const SIGNATURE_PARAMS = new Set(["sig", "exp", "ba_iat", "ba_param", "ba_pl"]);

/**
 * The app's authorization request, from the provider's signed query (the sign-in page link): the
 * signature removed, and `prompt=login` satisfied by the sign-in the user is about to do.
 */
export function authorizationParams(search: string): URLSearchParams | null {
  const params = new URLSearchParams(search);
  if (!params.get("client_id")) return null;
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    if (SIGNATURE_PARAMS.has(key)) continue;
    if (key === "prompt") {
      const rest = value.split(" ").filter((p) => p && p !== "login");
      if (rest.length) out.append(key, rest.join(" "));
      continue;
    }
    out.append(key, value);
  }
  return out;
}

/** The scopes of a consent request, as the provider listed them. */
export function requestedScopes(search: string): string[] {
  const scope = new URLSearchParams(search).get("scope") ?? "";
  return [...new Set(scope.split(" ").filter(Boolean))];
}
