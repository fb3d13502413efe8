import type { Awaitable } from "@better-auth/core";
import type { createAuthMiddleware } from "better-auth/api";
import { isAPIError } from "better-auth/api";
import type { AuditEventInput } from "./actions.js";
import type { Actor, AuditWrite } from "./writer.js";

/** What an audit table reads of one engine call: the hook's context. */
export type HookCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
export type Json = Record<string, any>;

/** The call answered, and not with a refusal. */
export const ok = (ctx: HookCtx) => ctx.context.returned !== undefined && !isAPIError(ctx.context.returned);
export const returned = (ctx: HookCtx) => (ctx.context.returned ?? {}) as Json;
export const body = (ctx: HookCtx) => (ctx.body ?? {}) as Json;
/** A stored JSON text as its value (the engine keeps a role's permissions as text). */
export const parsed = (value: unknown) => {
  if (typeof value !== "string") return value ?? null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};
/** The organization a call is about: the body's, else the session's active one. */
export const orgOf = (ctx: HookCtx): string | null =>
  (body(ctx).organizationId as string | undefined) ??
  ((ctx.context.session?.session as Json | undefined)?.activeOrganizationId as string | undefined) ??
  null;

/**
 * Calls whose success alone says what happened, by path: the events to write. `before` is what the table's
 * capture of the same path read before the engine worked (the value a change replaced).
 */
export type EventsOnSuccess = Record<
  string,
  (ctx: HookCtx, actor: Actor | null, before: Json | undefined) => Awaitable<AuditEventInput | AuditEventInput[] | null>
>;

/** Facts read before the engine works that the after-hook needs (the session before sign-out, a role's old name). */
export type Captures = Record<string, (ctx: HookCtx) => Promise<Json | undefined>>;

/** Calls that write their own events (on failure too, or as someone else), by path; `before` as for EventsOnSuccess. */
export type OwnWrites = Record<string, (ctx: HookCtx, write: AuditWrite, before: Json | undefined) => Promise<void>>;
