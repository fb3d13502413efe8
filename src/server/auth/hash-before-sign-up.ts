import { defineRequestState, hasRequestState } from "@better-auth/core/context";
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware } from "better-auth/api";
import { z } from "zod";
import type { PasswordHashing } from "./password-hashing.js";

/** Hashes made for this request before its transaction began, by password; each is used once. */
const hashedEarly = defineRequestState(() => new Map<string, string>());

/**
 * Sign-up hashes the password inside its database transaction (better-auth 1.7,
 * api/routes/sign-up.mjs). On SQLite the transaction holds the one connection, so every other
 * query of the process waited for each sign-up's scrypt, and concurrent sign-ups ran one at a
 * time; on PostgreSQL each held a pooled connection for as long. Here the hash is made in a
 * before-hook, outside the transaction, and the engine's `password.hash` then finds it ready.
 *
 * Only a request the engine will get as far as hashing is hashed early (a string name, a valid
 * e-mail address, a password within the configured lengths), so nothing else costs a hash. The
 * hook belongs last among the plugins, after every hook that may still refuse the request.
 */
export function hashBeforeSignUp(hashing: PasswordHashing, lengths: { min: number; max: number }) {
  const password = {
    async hash(plain: string): Promise<string> {
      if (await hasRequestState()) {
        const early = await hashedEarly.get();
        const hash = early.get(plain);
        if (hash !== undefined) {
          early.delete(plain);
          return hash;
        }
      }
      return hashing.hash(plain);
    },
    verify: hashing.verify,
  };

  const plugin = {
    id: "hash-before-sign-up",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as Record<string, unknown> | undefined;
            const plain = body?.password;
            if (typeof plain !== "string" || plain.length < lengths.min || plain.length > lengths.max) return;
            if (typeof body?.name !== "string" || !z.email().safeParse(body.email).success) return;
            (await hashedEarly.get()).set(plain, await hashing.hash(plain));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return { password, plugin };
}
