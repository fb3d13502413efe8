import { randomBytes } from "node:crypto";
import * as OTPAuth from "otpauth";
import { PASSWORD } from "./auth-flows.js";
import type { TestClient } from "./client.js";
import type { TestServer } from "./server.js";

/**
 * The authenticator app of a test: codes computed from the secret of the engine's otpauth:// URI
 * by `otpauth`, a TOTP library nobody here wrote.
 */
export function authenticatorFor(totpURI: string) {
  const totp = OTPAuth.URI.parse(totpURI);
  if (!(totp instanceof OTPAuth.TOTP)) throw new Error(`not a TOTP URI: ${totpURI}`);
  return {
    totp,
    secret: totp.secret.base32,
    /** The code for now, or `steps` periods away (−1: the previous code, +1: the next). */
    code(steps = 0) {
      return totp.generate({ timestamp: Date.now() + steps * totp.period * 1000 });
    },
  };
}

export type Authenticator = ReturnType<typeof authenticatorFor>;

/** Turns on TOTP for the signed-in client: enable with the password, confirm with a code. */
export async function enableTotp(client: TestClient, password = PASSWORD) {
  const enabled = await client.post("/api/auth/two-factor/enable", { password });
  if (enabled.status !== 200) throw new Error(`enable failed: ${enabled.status} ${enabled.text}`);
  const { totpURI, backupCodes } = enabled.body as { totpURI: string; backupCodes: string[] };
  const app = authenticatorFor(totpURI);
  const verified = await client.post("/api/auth/two-factor/verify-totp", { code: app.code() });
  if (verified.status !== 200) throw new Error(`verify-totp failed: ${verified.status} ${verified.text}`);
  return { app, backupCodes, totpURI };
}

/** The engine's "trust this device" cookie name (cookie prefix `tessera`). */
export const TRUST_COOKIE = "tessera.trust_device";

/** Signs in with password then the authenticator's code on `client` (a device; its cookies kept). */
export async function signInWithTotp(
  client: TestClient,
  email: string,
  app: Authenticator,
  { trustDevice = false, steps = 0, password = PASSWORD } = {},
) {
  const first = await client.post("/api/auth/sign-in/email", { email, password });
  if (first.status !== 200) throw new Error(`sign-in failed: ${first.status} ${first.text}`);
  if (!first.body?.twoFactorRedirect) return { askedForCode: false, res: first };
  const res = await client.post("/api/auth/two-factor/verify-totp", { code: app.code(steps), trustDevice });
  return { askedForCode: true, res };
}

/**
 * A passkey row as @better-auth/passkey stores one after a registration, written through the engine's
 * adapter. Registering needs an authenticator (tests/e2e/passkeys.e2e.ts uses Chromium's virtual one);
 * this is for tests where only the row's fate matters.
 */
export async function addPasskeyRow(server: TestServer, userId: string) {
  const ctx = await server.running.auth.$context;
  await ctx.adapter.create({
    model: "passkey",
    data: {
      name: "Laptop",
      publicKey: randomBytes(32).toString("base64url"),
      userId,
      credentialID: randomBytes(16).toString("base64url"),
      counter: 0,
      deviceType: "singleDevice",
      backedUp: false,
      transports: "internal",
      createdAt: new Date(),
    },
  });
}
