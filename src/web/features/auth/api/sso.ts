import { fetchJson } from "@/lib/api-error.js";

/** Whether an address signs in with its organization's identity provider (docs/sso.md "Signing in"). */
export function checkSso(email: string) {
  // `required`: the organization allows the address no password ("SSO required").
  return fetchJson<{ sso: boolean; required?: boolean }>("/api/sso/check", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email }),
  });
}

/** Starts single sign-on: the answer's url is the identity provider's. */
export function startSso(email: string, callbackURL: string) {
  return fetchJson<{ url: string }>("/api/sso/sign-in", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, callbackURL }),
  });
}
