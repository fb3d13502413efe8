import { randomBytes } from "node:crypto";
import type { SCIMManagedConnection, SCIMManagedCredential, SCIMScope } from "@better-auth/scim";
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { ScimCredentialView, ScimState, ScimStateWithToken } from "../../shared/scim.js";
import type { AuditAction } from "../audit/actions.js";
import type { Auth } from "../auth/auth.js";
import { type SessionVariables, sessionOf } from "../auth/session-fast-path.js";
import type { Config } from "../config.js";
import { fail } from "../errors.js";
import { trustedOrigin } from "../routes/account/trusted-origin.js";
import { authorization } from "../routes/authorize.js";
import type { EventRecorder } from "../webhooks/events.js";
import { SCIM_BASE_PATH } from "./plugin.js";

/**
 * An organization's SCIM token (docs/scim.md "Setting it up"), under /api/organizations/:organizationId/scim.
 * The token is the engine SCIM plugin's managed credential: one connection per organization, whose
 * provisioning domain is the organization; Tessera keeps no copy and shows it once.
 */

export interface ScimRouteDeps {
  auth: Auth;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
  config: Pick<Config, "baseURL" | "trustedOrigins">;
  events: EventRecorder;
  clientAddress(c: Context): string | null;
}

/** A token lives a year; rotating gives a new one (docs/scim.md). */
const SCIM_TOKEN_LIFETIME_DAYS = 365;
const SCOPES: SCIMScope[] = ["scim.users.read", "scim.users.write", "scim.groups.read", "scim.groups.write"];

type Api = {
  createSCIMManagedConnection(input: {
    body: {
      creationRequestId: string;
      provisioningDomainId: string;
      actorId: string;
      scopes: SCIMScope[];
      expiresAt: Date;
    };
  }): Promise<{ connection: SCIMManagedConnection; credential: SCIMManagedCredential; token: string }>;
  listSCIMManagedConnections(input: {
    body: { provisioningDomainId: string };
  }): Promise<{ connections: SCIMManagedConnection[] }>;
  getSCIMManagedConnection(input: {
    body: { connectionId: string; provisioningDomainId: string };
  }): Promise<{ connection: SCIMManagedConnection; credentials: SCIMManagedCredential[] }>;
  rotateSCIMManagedCredential(input: {
    body: { connectionId: string; provisioningDomainId: string; actorId: string; scopes: SCIMScope[]; expiresAt: Date };
  }): Promise<{ connection: SCIMManagedConnection; credential: SCIMManagedCredential; token: string }>;
  revokeSCIMManagedCredential(input: {
    body: { connectionId: string; provisioningDomainId: string; credentialId: string; actorId: string };
  }): Promise<unknown>;
};

// What JSON.stringify made of the plugin's dates, written out so the answer's type is the wire's.
const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d === null ? null : iso(d));

/** A credential as the settings screen shows it (never the token), its dates as JSON carries them. */
function credentialView(c: SCIMManagedCredential): ScimCredentialView {
  return {
    id: c.credentialId,
    status: c.status,
    createdAt: iso(c.createdAt),
    expiresAt: iso(c.expiresAt),
    lastUsedAt: isoOrNull(c.lastUsedAt),
    revokedAt: isoOrNull(c.revokedAt),
  };
}

export function scimRoutes(deps: ScimRouteDeps) {
  const { auth, events, config } = deps;
  const api = auth.api as unknown as Api;
  const baseUrl = `${config.baseURL}${SCIM_BASE_PATH}`;
  const app = new Hono<{ Variables: SessionVariables }>();
  app.use("*", trustedOrigin(config), deps.requireSession);
  // The answers carry a token once: never stored by a cache.
  app.use("*", async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  // Managing the token takes what the token itself can do: change the organization's settings, add
  // and remove members (owners and admins; docs/roles.md).
  const managers = authorization(deps).requirePermission("organization", {
    organization: ["update"],
    member: ["create", "delete"],
  });
  /** The caller and the organization, behind `managers`. */
  const callerOf = (c: Context<{ Variables: SessionVariables }>) => ({
    session: sessionOf(c),
    organizationId: c.req.param("organizationId") ?? "",
  });

  /** The organization's connection (the newest, there is one) and its credentials, or null. */
  async function stateOf(organizationId: string) {
    const { connections } = await api.listSCIMManagedConnections({ body: { provisioningDomainId: organizationId } });
    const connection = connections.find((c) => c.status === "active");
    if (!connection) return null;
    return api.getSCIMManagedConnection({
      body: { connectionId: connection.connectionId, provisioningDomainId: organizationId },
    });
  }

  function view(state: Awaited<ReturnType<typeof stateOf>>): ScimState {
    const credentials = (state?.credentials ?? [])
      .map(credentialView)
      .sort((a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime());
    return {
      baseUrl,
      enabled: credentials.some((c) => c.status === "active"),
      connection: state ? { createdAt: iso(state.connection.createdAt) } : null,
      credentials,
    };
  }

  async function audit(
    c: Context,
    session: ReturnType<typeof sessionOf>,
    action: AuditAction,
    organizationId: string,
    detail: object,
  ) {
    await events.record({
      action,
      actorId: session.user.id,
      actorEmail: session.user.email,
      targetType: "scim_token",
      targetId: null,
      organizationId,
      ipAddress: deps.clientAddress(c),
      userAgent: c.req.header("user-agent")?.slice(0, 512) ?? null,
      detail: JSON.stringify(detail),
    });
  }

  app.get("/", managers, async (c) => {
    return c.json(view(await stateOf(callerOf(c).organizationId)));
  });

  // A new token, shown once. With a token already there, that one is revoked: one token at a time.
  app.post("/token", managers, async (c) => {
    const { organizationId, session } = callerOf(c);
    const expiresAt = new Date(Date.now() + SCIM_TOKEN_LIFETIME_DAYS * 86_400_000);
    const state = await stateOf(organizationId);
    if (!state) {
      const created = await api.createSCIMManagedConnection({
        body: {
          creationRequestId: randomBytes(24).toString("base64url"),
          provisioningDomainId: organizationId,
          actorId: session.user.id,
          scopes: SCOPES,
          expiresAt,
        },
      });
      await audit(c, session, "scim.token_created", organizationId, { credentialId: created.credential.credentialId });
      return c.json({ token: created.token, ...view(await stateOf(organizationId)) } satisfies ScimStateWithToken, 201);
    }
    const connectionId = state.connection.connectionId;
    const before = state.credentials.filter((cr) => cr.status === "active");
    // At most two live at once (the plugin's limit here): the older goes first should both be live.
    for (const old of before.slice(0, Math.max(0, before.length - 1))) {
      await api.revokeSCIMManagedCredential({
        body: {
          connectionId,
          provisioningDomainId: organizationId,
          credentialId: old.credentialId,
          actorId: session.user.id,
        },
      });
    }
    const rotated = await api.rotateSCIMManagedCredential({
      body: { connectionId, provisioningDomainId: organizationId, actorId: session.user.id, scopes: SCOPES, expiresAt },
    });
    for (const old of before.slice(-1)) {
      await api.revokeSCIMManagedCredential({
        body: {
          connectionId,
          provisioningDomainId: organizationId,
          credentialId: old.credentialId,
          actorId: session.user.id,
        },
      });
    }
    await audit(c, session, before.length ? "scim.token_rotated" : "scim.token_created", organizationId, {
      credentialId: rotated.credential.credentialId,
      ...(before.length ? { replaced: before.map((cr) => cr.credentialId) } : {}),
    });
    return c.json({ token: rotated.token, ...view(await stateOf(organizationId)) } satisfies ScimStateWithToken, 201);
  });

  // Revoked: the IdP's next request is 401. Provisioned members stay members.
  app.delete("/token", managers, async (c) => {
    const { organizationId, session } = callerOf(c);
    const state = await stateOf(organizationId);
    const active = state?.credentials.filter((cr) => cr.status === "active") ?? [];
    if (!state || !active.length) return fail(c, "SCIM_TOKEN_NOT_FOUND");
    for (const credential of active) {
      await api.revokeSCIMManagedCredential({
        body: {
          connectionId: state.connection.connectionId,
          provisioningDomainId: organizationId,
          credentialId: credential.credentialId,
          actorId: session.user.id,
        },
      });
    }
    await audit(c, session, "scim.token_revoked", organizationId, {
      credentialIds: active.map((cr) => cr.credentialId),
    });
    return c.json(view(await stateOf(organizationId)));
  });

  return app;
}
