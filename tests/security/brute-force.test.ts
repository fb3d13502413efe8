import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNT_SIGN_IN_MAX_ATTEMPTS,
  ACCOUNT_SIGN_IN_WINDOW_SECONDS,
} from "../../src/server/auth/account-rate-limit.js";
import { PASSWORD } from "../helpers/auth-flows.js";
import { databaseKinds } from "../helpers/databases.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { recordCount, uid } from "./support.js";

// Guessing passwords and probing for accounts. The engine limits per client IP (a proxy's
// X-Forwarded-For is believed only from TRUSTED_PROXIES); src/server/auth/account-rate-limit.ts
// adds a limit per e-mail address, so spreading guesses over many IPs does not help either.

const TOO_MANY_FROM_IP = "Too many requests. Please try again later.";
const TOO_MANY_FOR_ACCOUNT = "Too many sign-in attempts for this account. Please try again later.";
const NEUTRAL = "If this email exists in our system, check your email for the reset link";

let ipCounter = 0;
/** A client address no other test (or database run in this process) uses: the engine's memory store is shared. */
const freshIp = (kind: string) => {
  ipCounter += 1;
  return `${kind === "sqlite" ? 198 : 203}.${51 + Math.floor(ipCounter / 250)}.${100 + (ipCounter % 100)}.${ipCounter % 250}`;
};

describe.each(databaseKinds)("brute force and enumeration on %s", (kind) => {
  let server: TestServer;
  let known: string;
  beforeAll(async () => {
    server = await startTestServer(kind, { env: { RATE_LIMIT_ENABLED: "true", TRUSTED_PROXIES: "127.0.0.1" } });
    known = `known-${uid()}@example.com`;
    // Signed up from an address of its own, so the sign-up limit below starts from zero.
    const from = server.client({ "X-Forwarded-For": freshIp(kind) });
    const res = await from.post("/api/auth/sign-up/email", { email: known, password: PASSWORD, name: "Known" });
    expect(res.status, res.text).toBe(200);
    await server.running.auth.$context.then((ctx) =>
      ctx.internalAdapter.updateUserByEmail(known, { emailVerified: true }),
    );
  });
  afterAll(() => server?.close());

  const from = (ip: string) => server.client({ "X-Forwarded-For": ip });
  const signIn = (ip: string, email: string, password: string) =>
    from(ip).post("/api/auth/sign-in/email", { email, password });

  it.each([
    ["sign-in", "/api/auth/sign-in/email", () => ({ email: `x-${uid()}@example.com`, password: "wrong password" })],
    ["sign-up", "/api/auth/sign-up/email", () => ({ email: `n-${uid()}@example.com`, password: PASSWORD, name: "N" })],
    ["reset request", "/api/auth/request-password-reset", () => ({ email: `r-${uid()}@example.com` })],
    ["forget-password", "/api/auth/forget-password", () => ({ email: `f-${uid()}@example.com` })],
    ["verification resend", "/api/auth/send-verification-email", () => ({ email: `v-${uid()}@example.com` })],
  ])("%s: the 4th request from one client IP is refused with 429, another IP is not", async (_name, path, body) => {
    const ip = freshIp(kind);
    for (let i = 0; i < 3; i++) {
      const res = await from(ip).post(path, body());
      expect(res.status, `${i + 1}: ${res.text}`).not.toBe(429);
    }
    const limited = await from(ip).post(path, body());
    expect({ status: limited.status, message: limited.body?.message }).toEqual({
      status: 429,
      message: TOO_MANY_FROM_IP,
    });
    expect(limited.body?.code).toBeTruthy();
    expect(Number(limited.headers.get("x-retry-after"))).toBeGreaterThan(0);
    expect((await from(freshIp(kind)).post(path, body())).status).not.toBe(429);
  });

  it(`one account: ${ACCOUNT_SIGN_IN_MAX_ATTEMPTS} guesses from as many IPs, then 429 from any IP, even with the right password`, async () => {
    const email = `victim-${uid()}@example.com`;
    await server.signUp(email);
    const replies: number[] = [];
    for (let i = 0; i < ACCOUNT_SIGN_IN_MAX_ATTEMPTS; i++) {
      replies.push((await signIn(freshIp(kind), i % 2 ? email.toUpperCase() : email, `guess ${i} wrong`)).status);
    }
    expect(replies).toEqual(Array(ACCOUNT_SIGN_IN_MAX_ATTEMPTS).fill(401));
    const blocked = await signIn(freshIp(kind), email, PASSWORD);
    expect({ status: blocked.status, body: blocked.body }).toMatchObject({
      status: 429,
      body: { code: "TOO_MANY_SIGN_IN_ATTEMPTS", message: TOO_MANY_FOR_ACCOUNT },
    });
    expect(blocked.headers.getSetCookie()).toEqual([]);
    const retryAfter = Number(blocked.headers.get("x-retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(ACCOUNT_SIGN_IN_WINDOW_SECONDS);
    // Other accounts are not affected.
    expect((await signIn(freshIp(kind), known, PASSWORD)).status).toBe(200);
    recordCount("brute force: sign-in attempts on one account", ACCOUNT_SIGN_IN_MAX_ATTEMPTS + 1, kind);
  });

  it("a burst of 30 parallel guesses from 30 IPs gets exactly the allowance through", async () => {
    const email = `burst-${uid()}@example.com`;
    await server.signUp(email);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(freshIp(kind), email, `burst guess ${i}`)),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_SIGN_IN_MAX_ATTEMPTS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - ACCOUNT_SIGN_IN_MAX_ATTEMPTS);
    recordCount("brute force: parallel guesses on one account", 30, kind);
  });

  it("a successful sign-in clears the account's count", async () => {
    const email = `clears-${uid()}@example.com`;
    await server.signUp(email);
    for (let i = 0; i < ACCOUNT_SIGN_IN_MAX_ATTEMPTS - 1; i++) {
      expect((await signIn(freshIp(kind), email, "typo password")).status).toBe(401);
    }
    expect((await signIn(freshIp(kind), email, PASSWORD)).status).toBe(200);
    for (let i = 0; i < ACCOUNT_SIGN_IN_MAX_ATTEMPTS - 1; i++) {
      expect((await signIn(freshIp(kind), email, "typo again")).status).toBe(401);
    }
  });

  it("reset requests answer the same for a known and an unknown address (status and body)", async () => {
    for (const path of ["/api/auth/request-password-reset", "/api/auth/forget-password"]) {
      const a = await from(freshIp(kind)).post(path, { email: known, redirectTo: "/reset" });
      const b = await from(freshIp(kind)).post(path, { email: `nobody-${uid()}@example.com`, redirectTo: "/reset" });
      expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
      expect(a.body).toEqual({ status: true, message: NEUTRAL });
    }
  });

  it("a wrong password and an unknown address get the same refusal at sign-in", async () => {
    const a = await signIn(freshIp(kind), known, "not the password");
    const b = await signIn(freshIp(kind), `nobody-${uid()}@example.com`, "not the password");
    expect({ status: a.status, body: a.body }).toEqual({ status: b.status, body: b.body });
    expect(a.body).toEqual({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
  });

  it("a verification resend answers the same for a verified, an unverified and an unknown address", async () => {
    const unverified = `unverified-${uid()}@example.com`;
    await from(freshIp(kind)).post("/api/auth/sign-up/email", { email: unverified, password: PASSWORD, name: "U" });
    const answers = [];
    for (const email of [unverified, `nobody-${uid()}@example.com`]) {
      const res = await from(freshIp(kind)).post("/api/auth/send-verification-email", { email });
      answers.push({ status: res.status, body: res.body });
    }
    expect(answers[0]).toEqual(answers[1]);
  });
});
