import { createHmac } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";

const PREFIX = "hmac-sha256:";

/**
 * Backup codes are kept as HMACs keyed with the server secret, never as the codes (docs/mfa.md
 * "Server rules"): the engine's `storeBackupCodes` hook stores the list, and a before-hook turns
 * the code a user submits into its HMAC, so the engine's comparison and its compare-and-swap
 * removal of a used code work on hashes unchanged.
 */
export function backupCodeHashing(secret: string) {
  const hash = (code: string) => PREFIX + createHmac("sha256", secret).update(code).digest("base64url");
  const storeBackupCodes = {
    // Called with fresh codes (enable, regenerate) and with the remaining hashes after one is used.
    async encrypt(json: string) {
      const codes = JSON.parse(json) as string[];
      return JSON.stringify(codes.map((c) => (c.startsWith(PREFIX) ? c : hash(c))));
    },
    async decrypt(stored: string) {
      return stored;
    },
  };
  const plugin = {
    id: "tessera-backup-code-hashing",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/two-factor/verify-backup-code",
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as { code?: unknown } | undefined;
            if (typeof body?.code !== "string") return; // the engine's validation answers
            return { context: { body: { ...body, code: hash(body.code) } } };
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
  return { storeBackupCodes, plugin };
}
