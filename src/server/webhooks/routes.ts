import { generateId } from "@better-auth/core/utils/id";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_PAYLOAD_VERSION,
  type WebhookDeliveryAnswer,
  type WebhookDeliveryPage,
  type WebhookEndpointAnswer,
  type WebhookEndpointDeleted,
  type WebhookEndpointList,
  type WebhookEndpointWithSecret,
  type WebhookErrorCode,
  type WebhookPayload,
} from "../../shared/webhooks.js";
import type { AuditAction } from "../audit/actions.js";
import type { Auth } from "../auth/auth.js";
import { type SessionVariables, sessionOf } from "../auth/session-fast-path.js";
import { countAttempt } from "../auth/window-counter.js";
import type { Config } from "../config.js";
import { fail } from "../errors.js";
import { trustedOrigin } from "../routes/account/trusted-origin.js";
import { authorization, badRequest, tooManyRequests } from "../routes/authorize.js";
import { internalHostname } from "./address-guard.js";
import type { EventRecorder } from "./events.js";
import { newMessageId } from "./fan-out.js";
import { deliveryView, type EndpointRow, endpointView, type Owner } from "./rows.js";
import { WEBHOOK_SEND_LIMIT } from "./send-limit.js";
import type { WebhookStore } from "./store.js";

type Action = "create" | "read" | "update" | "delete";
type Session = SessionVariables;

export interface WebhookRouteDeps {
  auth: Auth;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
  config: Pick<Config, "webhooks" | "trustedOrigins">;
  store: WebhookStore;
  events: EventRecorder;
  /** A delivery was queued here: send it now. */
  wake(): void;
  /** The caller's address as the audit log records it. */
  clientAddress(c: Context): string | null;
}

const KNOWN_EVENTS = new Set<string>(WEBHOOK_EVENT_TYPES);

export const createSchema = z.object({
  url: z.string().max(2048),
  events: z.array(z.string().max(64)).max(WEBHOOK_EVENT_TYPES.length),
  description: z.string().max(500).optional(),
});
export const updateSchema = z.object({
  url: z.string().max(2048).optional(),
  events: z.array(z.string().max(64)).max(WEBHOOK_EVENT_TYPES.length).optional(),
  description: z.string().max(500).optional(),
  enabled: z.boolean().optional(),
});
export const pageSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
const ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Why `url` may not be a webhook endpoint (docs/webhooks.md "Safe by default"), or null: an absolute
 * http(s) address, https when required, and no literal internal address or internal name unless the
 * operator allows them. Names are resolved and checked again at every send (sender.ts).
 */
export function refuseUrl(url: string, settings: Config["webhooks"]): WebhookErrorCode | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "WEBHOOK_URL_INVALID";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return "WEBHOOK_URL_INVALID";
  if (settings.requireHttps && parsed.protocol !== "https:") return "WEBHOOK_URL_INVALID";
  if (!parsed.hostname) return "WEBHOOK_URL_INVALID";
  if (!settings.allowPrivateAddresses && internalHostname(parsed.hostname)) return "WEBHOOK_URL_NOT_ALLOWED";
  return null;
}

function refuseEvents(events: string[]): WebhookErrorCode | null {
  if (!events.length) return "WEBHOOK_EVENTS_REQUIRED";
  if (events.some((e) => !KNOWN_EVENTS.has(e))) return "WEBHOOK_EVENT_UNKNOWN";
  return null;
}

async function jsonBody(c: Context): Promise<unknown> {
  return c.req.json().catch(() => undefined);
}

/**
 * The endpoints of one organization (`scope: "organization"`, under /api/organizations/:organizationId/webhooks,
 * the engine's hasPermission webhook:<action>) or of the site (`scope: "site"`, under /api/admin/webhooks, the
 * site role's webhook permission). Each only ever sees its own endpoints: any other id is 404.
 */
export function webhookRoutes(deps: WebhookRouteDeps, scope: "organization" | "site") {
  const { auth, store, events, wake, config } = deps;
  const settings = config.webhooks;
  const app = new Hono<{ Variables: SessionVariables }>();
  // Changes ride on the session cookie: only from a trusted origin, like the engine's own calls.
  app.use("*", trustedOrigin(config), deps.requireSession);

  // The site role's webhook permission, or the organization's (the engine's has-permission) for its endpoints.
  const { requirePermission } = authorization(deps);
  const may = (action: Action) =>
    scope === "site"
      ? requirePermission("site", { webhook: [action] })
      : requirePermission("organization", { webhook: [action] });

  /** The caller and whose endpoints they act on: only in a handler behind `may`. */
  function caller(c: Context<{ Variables: SessionVariables }>): { session: Session; owner: Owner } {
    const organizationId = scope === "site" ? null : (c.req.param("organizationId") ?? "");
    return { session: sessionOf(c), owner: { organizationId } };
  }

  async function audit(c: Context, session: Session, action: AuditAction, endpoint: EndpointRow, detail?: object) {
    await events.record({
      action,
      actorId: session.user.id,
      actorEmail: session.user.email,
      targetType: "webhook",
      targetId: endpoint.id,
      organizationId: endpoint.organizationId,
      ipAddress: deps.clientAddress(c),
      userAgent: c.req.header("user-agent")?.slice(0, 512) ?? null,
      detail: JSON.stringify({ url: endpoint.url, ...detail }),
    });
    wake();
  }

  /** 429 once an endpoint's test events and resends pass WEBHOOK_SEND_LIMIT; null while under it. */
  async function overSendLimit(c: Context, endpoint: EndpointRow): Promise<Response | null> {
    const verdict = await countAttempt(
      (await auth.$context) as unknown as Parameters<typeof countAttempt>[0],
      `webhook-send:${endpoint.id}`,
      WEBHOOK_SEND_LIMIT,
    );
    return verdict.allowed ? null : tooManyRequests(c, verdict.retryAfter);
  }

  async function endpointOf(c: Context, owner: Owner): Promise<EndpointRow | Response> {
    const id = c.req.param("id") ?? "";
    const row = ID.test(id) ? await store.get(owner, id) : undefined;
    return row ?? fail(c, "WEBHOOK_NOT_FOUND");
  }

  app.get("/", may("read"), async (c) => {
    const ok = caller(c);
    return c.json({ endpoints: (await store.list(ok.owner)).map(endpointView) } satisfies WebhookEndpointList);
  });

  app.post("/", may("create"), async (c) => {
    const ok = caller(c);
    const parsed = createSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, parsed.error.issues);
    const input = parsed.data;
    const refused = refuseUrl(input.url, settings) ?? refuseEvents(input.events);
    if (refused) return fail(c, refused);
    if ((await store.count(ok.owner)) >= settings.endpointLimit) return fail(c, "WEBHOOK_LIMIT_REACHED");
    const { row, secret } = await store.create(ok.owner, {
      url: input.url,
      events: [...new Set(input.events)],
      description: input.description?.trim() ?? "",
    });
    await audit(c, ok.session, "webhook.created", row, { events: JSON.parse(row.events) });
    return c.json({ endpoint: endpointView(row), secret } satisfies WebhookEndpointWithSecret, 201);
  });

  app.patch("/:id", may("update"), async (c) => {
    const ok = caller(c);
    const found = await endpointOf(c, ok.owner);
    if (found instanceof Response) return found;
    const parsed = updateSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, parsed.error.issues);
    const input = parsed.data;
    const refused =
      (input.url !== undefined ? refuseUrl(input.url, settings) : null) ??
      (input.events !== undefined ? refuseEvents(input.events) : null);
    if (refused) return fail(c, refused);
    const row = await store.update(ok.owner, found.id, {
      ...input,
      events: input.events && [...new Set(input.events)],
      description: input.description?.trim(),
    });
    if (!row) return fail(c, "WEBHOOK_NOT_FOUND");
    await audit(c, ok.session, "webhook.updated", row, { fields: Object.keys(input) });
    return c.json({ endpoint: endpointView(row) } satisfies WebhookEndpointAnswer);
  });

  app.delete("/:id", may("delete"), async (c) => {
    const ok = caller(c);
    const found = await endpointOf(c, ok.owner);
    if (found instanceof Response) return found;
    if (!(await store.remove(ok.owner, found.id))) return fail(c, "WEBHOOK_NOT_FOUND");
    await audit(c, ok.session, "webhook.deleted", found);
    return c.json({ success: true } satisfies WebhookEndpointDeleted);
  });

  app.post("/:id/rotate-secret", may("update"), async (c) => {
    const ok = caller(c);
    const found = await endpointOf(c, ok.owner);
    if (found instanceof Response) return found;
    const rotated = await store.rotate(ok.owner, found.id);
    if (!rotated) return fail(c, "WEBHOOK_NOT_FOUND");
    await audit(c, ok.session, "webhook.secret_rotated", rotated.row);
    return c.json({ endpoint: endpointView(rotated.row), secret: rotated.secret } satisfies WebhookEndpointWithSecret);
  });

  app.get("/:id/deliveries", may("read"), async (c) => {
    const ok = caller(c);
    const found = await endpointOf(c, ok.owner);
    if (found instanceof Response) return found;
    const parsed = pageSchema.safeParse(c.req.query());
    if (!parsed.success) return badRequest(c, parsed.error.issues);
    const { page, pageSize } = parsed.data;
    const { rows, total } = await store.deliveries(found.id, page, pageSize);
    return c.json({ deliveries: rows.map(deliveryView), total, page, pageSize } satisfies WebhookDeliveryPage);
  });

  app.post("/:id/deliveries/:deliveryId/resend", may("update"), async (c) => {
    const ok = caller(c);
    const found = await endpointOf(c, ok.owner);
    if (found instanceof Response) return found;
    const deliveryId = c.req.param("deliveryId");
    const original = ID.test(deliveryId) ? await store.delivery(found.id, deliveryId) : undefined;
    if (!original) return fail(c, "WEBHOOK_DELIVERY_NOT_FOUND");
    const limited = await overSendLimit(c, found);
    if (limited) return limited;
    // The same message again: same webhook-id and body, so a receiver that has it already can tell.
    const delivery = await store.enqueue(found.id, original.messageId, original.eventType, original.payload);
    wake();
    return c.json({ delivery: deliveryView(delivery) } satisfies WebhookDeliveryAnswer, 201);
  });

  app.post("/:id/test", may("update"), async (c) => {
    const ok = caller(c);
    const found = await endpointOf(c, ok.owner);
    if (found instanceof Response) return found;
    const limited = await overSendLimit(c, found);
    if (limited) return limited;
    const payload: WebhookPayload = {
      type: "webhook.test",
      timestamp: new Date().toISOString(),
      version: WEBHOOK_PAYLOAD_VERSION,
      data: {
        eventId: generateId(),
        actor: { id: ok.session.user.id, email: ok.session.user.email },
        target: { type: "webhook", id: found.id },
        organizationId: found.organizationId,
        detail: null,
      },
    };
    const delivery = await store.enqueue(found.id, newMessageId(), payload.type, JSON.stringify(payload));
    wake();
    return c.json({ delivery: deliveryView(delivery) } satisfies WebhookDeliveryAnswer, 201);
  });

  return app;
}
