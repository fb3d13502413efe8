import * as oidc from "openid-client";
import type { BenchContext, SectionResult } from "../lib/context.js";
import { type Instance, type Storage, startInstance } from "../lib/instance.js";
import { type LoadOptions, type LoadResult, loadWithServerCPU, median, medianResult, round } from "../lib/load.js";

const STORAGES: { name: string; storage: Storage }[] = [
  { name: "SQLite", storage: "sqlite" },
  { name: "PostgreSQL", storage: "postgres" },
];
const REDIRECT_URI = "http://127.0.0.1:9/callback";

interface Route {
  key: string;
  label: string;
  path: string;
  options: Omit<LoadOptions, "seconds" | "connections">;
}

/** A trusted (no consent) confidential client, registered through the admin console's call. */
async function registerClient(instance: Instance, adminCookie: string) {
  const res = await fetch(`${instance.url}/api/admin/oauth-clients`, {
    method: "POST",
    headers: { cookie: adminCookie, origin: instance.url, "content-type": "application/json" },
    body: JSON.stringify({
      name: "Bench app",
      redirectUris: [REDIRECT_URI],
      scopes: ["openid", "profile", "email"],
      type: "confidential",
      trusted: true,
    }),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`client registration: ${res.status} ${JSON.stringify(body)}`);
  return { clientId: body.client.clientId as string, clientSecret: body.clientSecret as string };
}

/** An access token for the signed-in user: the code flow with PKCE, as a relying party runs it (openid-client). */
async function userAccessToken(instance: Instance, client: { clientId: string; clientSecret: string }, cookie: string) {
  const config = await oidc.discovery(
    new URL(instance.url),
    client.clientId,
    undefined,
    oidc.ClientSecretBasic(client.clientSecret),
    { execute: [oidc.allowInsecureRequests] },
  );
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: REDIRECT_URI,
    scope: "openid profile email",
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
  });
  const res = await fetch(url, { headers: { cookie }, redirect: "manual" });
  // Node's fetch says sec-fetch-mode: cors, which the plugin answers with {redirect, url} instead of a 302.
  const back = res.status === 302 ? res.headers.get("location") : ((await res.json()) as { url?: string }).url;
  if (!back?.startsWith(REDIRECT_URI)) throw new Error(`authorize: ${res.status} ${back}`);
  const tokens = await oidc.authorizationCodeGrant(config, new URL(back), {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  return tokens.access_token;
}

/**
 * "Sign in with Tessera" under load (issue 17): the token endpoint (client credentials, the service
 * call) and userinfo (a relying party reading the user with its access token), against the bare
 * route and the session check of the same instance.
 */
export async function oidcProvider(ctx: BenchContext): Promise<SectionResult[]> {
  const result: SectionResult = { title: "OpenID provider: token and userinfo", rows: [], targets: [], notes: [] };
  result.notes.push(
    "Token: POST /api/auth/oauth2/token, grant_type=client_credentials (no scope), client_secret_basic (each answer a new " +
      "signed access token). Userinfo: GET /api/auth/oauth2/userinfo with a user's access token from the code " +
      "flow with PKCE (openid-client). Rate limiting is off in bench instances.",
  );
  for (const { name, storage } of STORAGES) {
    if (storage !== "sqlite" && !ctx.postgresURL) {
      result.notes.push(`${name}: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)`);
      continue;
    }
    ctx.log(`oidc: ${name}`);
    const instance = await startInstance({ storage, postgresURL: ctx.postgresURL });
    try {
      const admin = await instance.call("user", { tag: "oidc-admin", role: "admin" });
      const user = await instance.call("user", { tag: "oidc-user" });
      const client = await registerClient(instance, admin.cookie);
      const accessToken = await userAccessToken(instance, client, user.cookie);
      const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64");
      const routes: Route[] = [
        { key: "bare", label: "bare Hono JSON route (/healthz)", path: "/healthz", options: {} },
        {
          key: "session",
          label: "session check (GET /get-session, fast path)",
          path: "/api/auth/get-session",
          options: { headers: { cookie: user.cookie } },
        },
        {
          key: "token",
          label: "token endpoint, client credentials",
          path: "/api/auth/oauth2/token",
          options: {
            method: "POST",
            headers: { authorization: `Basic ${basic}`, "content-type": "application/x-www-form-urlencoded" },
            body: "grant_type=client_credentials",
          },
        },
        {
          key: "userinfo",
          label: "userinfo, a user's access token",
          path: "/api/auth/oauth2/userinfo",
          options: { headers: { authorization: `Bearer ${accessToken}` } },
        },
      ];
      for (const route of routes) {
        const res = await fetch(instance.url + route.path, {
          method: route.options.method ?? "GET",
          headers: route.options.headers,
          body: route.options.body,
        });
        if (res.status !== 200) throw new Error(`${route.path}: ${res.status} ${await res.text()}`);
      }
      for (const route of routes) {
        await loadWithServerCPU(instance.call, instance.url + route.path, {
          ...route.options,
          seconds: ctx.warmup,
          connections: ctx.connections,
        });
      }
      const runs = new Map<string, LoadResult[]>(routes.map((r) => [r.key, []]));
      const cpu = new Map<string, number[]>(routes.map((r) => [r.key, []]));
      // Interleaved, so a noisy neighbour slows every route alike.
      for (let run = 0; run < ctx.runs; run++) {
        for (const route of routes) {
          const { result: r, cpuPerRequest } = await loadWithServerCPU(instance.call, instance.url + route.path, {
            ...route.options,
            seconds: ctx.seconds,
            connections: ctx.connections,
          });
          runs.get(route.key)?.push(r);
          if (cpuPerRequest !== undefined) cpu.get(route.key)?.push(cpuPerRequest);
        }
      }
      const bare = medianResult(runs.get("bare") ?? []);
      for (const route of routes) {
        const m = medianResult(runs.get(route.key) ?? []);
        result.rows.push({
          setup: name,
          route: route.label,
          "req/s": Math.round(m.rps),
          "ratio to bare": round(m.rps / bare.rps),
          "p50 ms": m.p50,
          "p99 ms": m.p99,
          "server CPU µs/req": Math.round(median(cpu.get(route.key) ?? [])),
        });
        if (route.key === "session") {
          const ratio = m.rps / bare.rps;
          result.targets.push({
            name: `${name}: session check with the provider and jwt plugins on, throughput`,
            value: round(ratio),
            unit: "× bare",
            target: "≥ 0.60",
            met: ratio >= 0.6,
          });
        }
      }
    } finally {
      await instance.stop();
    }
  }
  return [result];
}
