import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import type { Logger } from "../logger.js";
import type { EventRecorder } from "../webhooks/events.js";
import type { AuditEventInput } from "./actions.js";
import { ADMIN_CAPTURES, ADMIN_EVENTS, ADMIN_OWN_WRITES } from "./admin-events.js";
import { type Captures, type EventsOnSuccess, type HookCtx, type Json, type OwnWrites, ok } from "./call-context.js";
import { ORGANIZATION_CAPTURES, ORGANIZATION_EVENTS } from "./organization-events.js";
import { auditSchema } from "./schema.js";
import { USER_CAPTURES, USER_EVENTS, USER_OWN_WRITES, userDatabaseHooks } from "./user-events.js";
import { type Actor, auditWriter } from "./writer.js";

// The audit tables by resource: user and session (user-events.ts), organization (organization-events.ts), admin.
const ON_SUCCESS: EventsOnSuccess = { ...USER_EVENTS, ...ORGANIZATION_EVENTS, ...ADMIN_EVENTS };
const CAPTURES: Captures = { ...USER_CAPTURES, ...ORGANIZATION_CAPTURES, ...ADMIN_CAPTURES };
const OWN_WRITES: OwnWrites = { ...USER_OWN_WRITES, ...ADMIN_OWN_WRITES };

/**
 * Records security-relevant events into `audit_event` through the engine's own hooks,
 * never from the UI. A failed write is logged and never fails the action it records.
 *
 * See also: one row and its webhooks (writer.ts); reading the log (src/server/routes/audit.ts, store.ts,
 * names.ts); the events' names (src/shared/audit-events.ts); how long rows are kept (retention.ts).
 */
export function auditLog(logger: Logger, events: EventRecorder) {
  // Facts a before-hook learns that the after-hook needs (the session before sign-out, say), by request.
  const captured = new WeakMap<object, Json>();
  const before = (ctx: HookCtx) => (ctx.request ? captured.get(ctx.request) : undefined);

  const write = auditWriter(logger, events);

  async function actorOf(ctx: HookCtx): Promise<Actor | null> {
    const session = ctx.context.session ?? (await getSessionFromCtx(ctx).catch(() => null));
    if (!session) return null;
    return {
      id: session.user.id,
      email: session.user.email,
      impersonatedBy: session.session.impersonatedBy as string | null,
    };
  }

  async function teamOrganization(ctx: HookCtx, teamId: string): Promise<string | null> {
    const team = await ctx.context.adapter
      .findOne<{ organizationId: string }>({ model: "team", where: [{ field: "id", value: teamId }] })
      .catch(() => null);
    return team?.organizationId ?? null;
  }

  return {
    id: "tessera-audit",
    schema: auditSchema,
    init() {
      return { options: { databaseHooks: userDatabaseHooks(write) } };
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => Object.hasOwn(CAPTURES, ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            const value = await CAPTURES[ctx.path]?.(ctx);
            if (value && ctx.request) captured.set(ctx.request, value);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => Object.hasOwn(OWN_WRITES, ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            await OWN_WRITES[ctx.path]?.(ctx, write, before(ctx));
          }),
        },
        {
          matcher: (ctx) => Object.hasOwn(ON_SUCCESS, ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            if (!ok(ctx)) return;
            const actor = await actorOf(ctx);
            const found: AuditEventInput[] = [(await ON_SUCCESS[ctx.path]?.(ctx, actor, before(ctx))) ?? []].flat();
            for (const event of found) {
              const teamId = event.detail?.teamId;
              if (!event.organizationId && typeof teamId === "string")
                event.organizationId = await teamOrganization(ctx, teamId);
              await write(ctx, event, actor);
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
