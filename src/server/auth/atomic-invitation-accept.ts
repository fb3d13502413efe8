import { makeAtomic } from "./atomic-organization-create.js";

/**
 * docs/behaviour.md#invitations "Accepting creates a member with the invitation role and makes that organization the
 * active one": all of it or none of it. better-auth 1.7 marks the invitation accepted in a statement
 * of its own, then adds the team seats, the member and the active organization in a transaction,
 * setting the invitation back to pending if that fails; a crash in between (seen under
 * tests/reliability/crash.test.ts on PostgreSQL) left an accepted invitation without a member, which
 * nobody could accept again. The whole endpoint now runs in one transaction. On PostgreSQL a refused
 * insert (already a member, membership limit) would abort that transaction before the engine's
 * compensating update; src/server/db/guarded-dialect.ts runs such inserts under a savepoint, so the
 * refusal keeps its own answer.
 */
export function withAtomicInvitationAccept(plugins: readonly { id: string }[]): void {
  makeAtomic(plugins, "acceptInvitation");
}
