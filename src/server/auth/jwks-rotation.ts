import type { JwtOptions } from "better-auth/plugins";
import { createJwk } from "better-auth/plugins";
import type { Auth } from "./auth.js";

type Key = { id: string; createdAt: Date; expiresAt?: Date | null };

/**
 * Replaces the signing key: a new key signs from now on, and every key still live stops signing now
 * but stays in the JWKS for the plugin's grace period, longer than any token it signed lives
 * (auth/oauth-provider.ts), so tokens issued before the rotation still verify. Returns the new key's id
 * and the ids of the retired keys.
 */
export async function rotateSigningKeys(auth: Auth): Promise<{ created: string; retired: string[] }> {
  const ctx = await auth.$context;
  const plugin = auth.options.plugins.find((p) => p.id === "jwt") as { options?: JwtOptions } | undefined;
  if (!plugin) throw new Error("the jwt plugin is not configured");
  const now = new Date();
  const live = ((await ctx.adapter.findMany<Key>({ model: "jwks" })) ?? []).filter(
    (k) => !k.expiresAt || new Date(k.expiresAt) > now,
  );
  // The new key first: at no moment is there no key to sign with.
  const created = (await createJwk({ context: ctx } as Parameters<typeof createJwk>[0], plugin.options)) as Key;
  for (const key of live) {
    await ctx.adapter.update({ model: "jwks", where: [{ field: "id", value: key.id }], update: { expiresAt: now } });
  }
  return { created: created.id, retired: live.map((k) => k.id) };
}
