import { describe, expect, it } from "vitest";
import { parseRedirectUris } from "@/features/oauth/components/client-form.js";
import { authorizationParams, requestedScopes } from "@/features/oauth/lib/flow.js";
import { OAUTH_SCOPES } from "@/shared/oauth.js";
import { describeFeatureLocales } from "./helpers/feature-locales.js";

await describeFeatureLocales("oauth", { "scopes.": [...OAUTH_SCOPES] });

describe("the authorization hand-off between the provider and the sign-in page", () => {
  const signed =
    "?response_type=code&client_id=abc&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&scope=openid+email&state=s&prompt=login+consent&exp=1&ba_iat=2&ba_param=client_id&ba_param=scope&sig=xyz";

  it("keeps the app's parameters, drops the signature and the login prompt the sign-in satisfies", () => {
    const params = authorizationParams(signed);
    expect(params?.toString()).toBe(
      "response_type=code&client_id=abc&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&scope=openid+email&state=s&prompt=consent",
    );
    expect(authorizationParams("?prompt=login&client_id=abc")?.toString()).toBe("client_id=abc");
  });

  it("a re-authentication goes back asking for a session no older than it (prompt=login, max_age)", () => {
    const began = 1_000_000;
    const at = (extra: string, now: number) =>
      authorizationParams(`?client_id=abc${extra}&tessera_reauth_at=${began}`, now)?.toString();
    expect(at("&prompt=login", began + 10_400)).toBe("client_id=abc&max_age=13");
    expect(at("&max_age=0", began + 1_000)).toBe("client_id=abc&max_age=3");
    expect(at("&max_age=5", began + 60_000)).toBe("client_id=abc&max_age=5");
    expect(authorizationParams("?client_id=abc&max_age=30")?.toString()).toBe("client_id=abc&max_age=30");
  });

  it("refuses a request without a client", () => {
    expect(authorizationParams("?scope=openid")).toBeNull();
    expect(authorizationParams("")).toBeNull();
  });

  it("lists the requested scopes once each", () => {
    expect(requestedScopes("?scope=openid+email+openid")).toEqual(["openid", "email"]);
  });

  it("takes redirect URIs one per line and names the first one the server would refuse", () => {
    expect(parseRedirectUris(" https://a.example/cb \n\nhttp://localhost:3000/cb\nhttps://a.example/cb")).toEqual({
      uris: ["https://a.example/cb", "http://localhost:3000/cb"],
      invalid: null,
    });
    expect(parseRedirectUris("https://a.example/cb\nhttp://evil.example/cb").invalid).toBe("http://evil.example/cb");
    expect(parseRedirectUris("https://a.example/cb#frag").invalid).toBe("https://a.example/cb#frag");
  });
});
