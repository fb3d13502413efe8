import * as OTPAuth from "otpauth";
import { PASSWORD } from "./auth-flows.js";
import type { TestClient } from "./client.js";

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
