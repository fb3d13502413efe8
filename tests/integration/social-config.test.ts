import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config.js";
import { SOCIAL_PROVIDER_IDS, SOCIAL_PROVIDERS } from "../../src/shared/providers.js";
import { databaseKinds } from "../helpers/databases.js";
import { type OidcProvider, startOidcProvider } from "../helpers/oidc-provider.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const credentialsFor = (ids: readonly string[]) =>
  Object.fromEntries(
    ids.flatMap((id) => [
      [`${id.toUpperCase()}_CLIENT_ID`, `${id}-client-id`],
      [`${id.toUpperCase()}_CLIENT_SECRET`, `${id}-client-secret`],
    ]),
  );

/** The client id a provider's authorization URL carries (TikTok calls it client_key). */
const clientIdIn = (url: URL) => url.searchParams.get("client_id") ?? url.searchParams.get("client_key");

describe.each(databaseKinds)("GET /api/public-config on %s", (kind) => {
  describe("with every built-in provider and one OpenID provider configured", () => {
    let idp: OidcProvider;
    let server: TestServer;
    beforeAll(async () => {
      idp = await startOidcProvider({ clientId: "acme-app", clientSecret: "acme-secret" });
      server = await startTestServer(kind, {
        env: {
          ...credentialsFor(SOCIAL_PROVIDER_IDS),
          OIDC_PROVIDERS: JSON.stringify([
            { id: "acme", name: "Acme SSO", discoveryUrl: idp.discoveryUrl, clientId: "acme-app", clientSecret: "x" },
          ]),
          PASSWORD_MIN_LENGTH: "12",
          PASSWORD_MAX_LENGTH: "64",
          REQUIRE_EMAIL_VERIFICATION: "false",
          GOOGLE_HOSTED_DOMAIN: "example.com",
          GOOGLE_ACCESS_TYPE: "offline",
          DROPBOX_ACCESS_TYPE: "offline",
          REDDIT_DURATION: "permanent",
          FACEBOOK_CONFIG_ID: "business-config-1",
          MICROSOFT_TENANT_ID: "contoso.onmicrosoft.com",
          GITLAB_ISSUER: "https://git.example.com",
        },
      });
    });
    afterAll(async () => {
      await server?.close();
      await idp?.close();
    });

    it("lists the built-ins in SPEC order with their names, then the OpenID provider", async () => {
      const res = await server.client().get("/api/public-config");
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        providers: [
          ...SOCIAL_PROVIDER_IDS.map((id) => ({ id, name: SOCIAL_PROVIDERS[id] })),
          { id: "acme", name: "Acme SSO" },
        ],
        passwordPolicy: { minLength: 12, maxLength: 64 },
        requireEmailVerification: false,
        organizationCreators: "everyone",
      });
    });

    it.each(SOCIAL_PROVIDER_IDS)(
      "%s is shown and sends the browser to the provider with its own client id",
      async (id) => {
        const config = await server.client().get("/api/public-config");
        expect(config.body.providers).toContainEqual({ id, name: SOCIAL_PROVIDERS[id] });
        const res = await server.client().post("/api/auth/sign-in/social", { provider: id, callbackURL: "/" });
        expect(res.status).toBe(200);
        const url = new URL(res.body.url);
        expect(clientIdIn(url)).toBe(`${id}-client-id`);
        expect(url.searchParams.get("state")).toBeTruthy();
        expect(res.body.url).toContain(encodeURIComponent(`${server.url}/api/auth/callback/${id}`));
      },
    );

    it.each([
      ["google", "hd", "example.com"],
      ["google", "access_type", "offline"],
      ["dropbox", "token_access_type", "offline"],
      ["reddit", "duration", "permanent"],
      ["facebook", "config_id", "business-config-1"],
    ])("%s's setting reaches the authorization URL as %s=%s", async (provider, param, value) => {
      const res = await server.client().post("/api/auth/sign-in/social", { provider, callbackURL: "/" });
      expect(new URL(res.body.url).searchParams.get(param)).toBe(value);
    });

    it("MICROSOFT_TENANT_ID and GITLAB_ISSUER choose where the browser goes", async () => {
      const ms = await server.client().post("/api/auth/sign-in/social", { provider: "microsoft", callbackURL: "/" });
      expect(new URL(ms.body.url).pathname).toBe("/contoso.onmicrosoft.com/oauth2/v2.0/authorize");
      const gl = await server.client().post("/api/auth/sign-in/social", { provider: "gitlab", callbackURL: "/" });
      expect(new URL(gl.body.url).origin).toBe("https://git.example.com");
    });
  });

  describe("with one built-in provider configured", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind, { env: credentialsFor(["github"]) });
    });
    afterAll(() => server?.close());

    it("lists only that provider, with the default password policy", async () => {
      const res = await server.client().get("/api/public-config");
      expect(res.body).toEqual({
        providers: [{ id: "github", name: "GitHub" }],
        passwordPolicy: { minLength: 8, maxLength: 128 },
        requireEmailVerification: true,
        organizationCreators: "everyone",
      });
    });

    it.each(SOCIAL_PROVIDER_IDS.filter((id) => id !== "github"))("%s is not shown and cannot be used", async (id) => {
      const config = await server.client().get("/api/public-config");
      expect(config.body.providers.map((p: { id: string }) => p.id)).not.toContain(id);
      const res = await server.client().post("/api/auth/sign-in/social", { provider: id, callbackURL: "/" });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Provider not found");
    });

    it("is cacheable and revalidates with its ETag", async () => {
      const first = await server.client().get("/api/public-config");
      expect(first.headers.get("cache-control")).toBe("public, max-age=60");
      const etag = first.headers.get("etag");
      expect(etag).toMatch(/^"[^"]+"$/);

      const same = await server.client().get("/api/public-config", undefined, { "If-None-Match": etag! });
      expect(same.status).toBe(304);
      expect(same.text).toBe("");
      expect(same.headers.get("etag")).toBe(etag);

      const weak = await server.client().get("/api/public-config", undefined, { "If-None-Match": `W/${etag}` });
      expect(weak.status).toBe(304);

      const stale = await server.client().get("/api/public-config", undefined, { "If-None-Match": '"old"' });
      expect(stale.status).toBe(200);
      expect(stale.body.providers).toHaveLength(1);
    });
  });

  describe("with no provider configured", () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(kind);
    });
    afterAll(() => server?.close());

    it("lists no provider", async () => {
      const res = await server.client().get("/api/public-config");
      expect(res.status).toBe(200);
      expect(res.body.providers).toEqual([]);
    });
  });
});

describe("social sign-in settings that stop the start", () => {
  const oidc = (entries: unknown) => ({ OIDC_PROVIDERS: JSON.stringify(entries) });
  const acme = {
    id: "acme",
    name: "Acme",
    discoveryUrl: "https://sso.example.com/.well-known/openid-configuration",
    clientId: "a",
    clientSecret: "b",
  };
  const issues = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.issues;
      throw error;
    }
    return [];
  };

  it.each<[string, Record<string, string>, RegExp]>([
    ["not JSON", { OIDC_PROVIDERS: "[{id: acme}" }, /^OIDC_PROVIDERS must be a JSON array/],
    ["not an array", oidc(acme), /^OIDC_PROVIDERS /],
    [
      "a missing clientSecret",
      oidc([{ ...acme, clientSecret: undefined }]),
      /^OIDC_PROVIDERS\.0\.clientSecret is required$/,
    ],
    ["a discoveryUrl that is not a URL", oidc([{ ...acme, discoveryUrl: "sso" }]), /^OIDC_PROVIDERS\.0\.discoveryUrl /],
    ["an id taken by a built-in", oidc([{ ...acme, id: "google" }]), /^OIDC_PROVIDERS\.0\.id clashes with a built-in/],
    ["the credential id", oidc([{ ...acme, id: "credential" }]), /^OIDC_PROVIDERS\.0\.id clashes with a built-in/],
    ["a repeated id", oidc([acme, acme]), /^OIDC_PROVIDERS ids must be unique$/],
    ["an unknown field", oidc([{ ...acme, clientSecrte: "typo" }]), /^OIDC_PROVIDERS\.0 /],
    [
      "an unknown trusted provider",
      { TRUSTED_PROVIDERS: "github,acme" },
      /^TRUSTED_PROVIDERS names an unknown provider "acme"$/,
    ],
    [
      "a provider setting without credentials",
      { GITLAB_ISSUER: "https://git.example.com" },
      /^GITLAB_ISSUER is set but/,
    ],
    ["a bad provider setting", { ...credentialsFor(["reddit"]), REDDIT_DURATION: "forever" }, /^REDDIT_DURATION /],
    ["a bad switch", { ALLOW_UNLINKING_ALL: "maybe" }, /^ALLOW_UNLINKING_ALL must be true or false$/],
  ])("%s is named in the error", (_label, env, message) => {
    expect(issues(env)).toEqual([expect.stringMatching(message)]);
  });

  it("accepts an OpenID provider that is trusted, and TikTok's client key under its own name", () => {
    const config = loadConfig({
      ...oidc([{ ...acme, scopes: ["openid", "email"] }]),
      TRUSTED_PROVIDERS: "acme, github",
      TIKTOK_CLIENT_KEY: "tiktok-key",
      TIKTOK_CLIENT_SECRET: "tiktok-secret",
    });
    expect(config.oidcProviders).toEqual([{ ...acme, scopes: ["openid", "email"] }]);
    expect(config.accountLinking).toEqual({
      trustedProviders: ["acme", "github"],
      allowDifferentEmails: false,
      allowUnlinkingAll: false,
    });
    expect(config.socialProviders.tiktok).toEqual({ clientId: "tiktok-key", clientSecret: "tiktok-secret" });
  });
});
