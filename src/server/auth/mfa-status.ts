import type { Kysely } from "kysely";
import type { MfaStatus } from "../../shared/mfa.js";

export type { MfaStatus };

/**
 * Whether an organization that requires MFA lets this user in: every sign-in of the account must
 * take two steps, so two-step verification must be on (a passkey alone leaves password sign-in
 * single-factor).
 */
export function meetsMfaPolicy(status: MfaStatus): boolean {
  return status.twoFactor !== null;
}

/** The second factors of each user, in two queries whatever the number of users. */
export async function mfaStatusOf(db: Kysely<any>, userIds: readonly string[]): Promise<Map<string, MfaStatus>> {
  const out = new Map<string, MfaStatus>();
  if (userIds.length === 0) return out;
  const ids = [...new Set(userIds)];
  const users = await db
    .selectFrom("user")
    .leftJoin("twoFactor", "twoFactor.userId", "user.id")
    .select([
      "user.id as id",
      "user.twoFactorEnabled as enabled",
      "twoFactor.id as totpId",
      "twoFactor.verified as verified",
    ])
    .where("user.id", "in", ids)
    .execute();
  const passkeys = await db
    .selectFrom("passkey")
    .select(["userId", (eb) => eb.fn.countAll<number>().as("n")])
    .where("userId", "in", ids)
    .groupBy("userId")
    .execute();
  const counts = new Map(passkeys.map((p) => [p.userId as string, Number(p.n)]));
  for (const u of users) {
    const enabled = u.enabled === true || u.enabled === 1;
    out.set(u.id as string, {
      // An authenticator app counts once confirmed with a code (the engine's `verified`; null on old rows).
      twoFactor: enabled ? (u.totpId && u.verified !== false && u.verified !== 0 ? "totp" : "otp") : null,
      passkeys: counts.get(u.id as string) ?? 0,
    });
  }
  return out;
}
