// Long by nature: one table, an entry for each route of Tessera's API (openapi.test.ts holds it to the app).
import type { z } from "zod";
import { API_KEY_EXPIRY_DAYS, API_KEY_SCOPES } from "../shared/api-keys.js";
import {
  createSchema as oauthClientCreateSchema,
  updateSchema as oauthClientUpdateSchema,
} from "./routes/admin/oauth-clients.js";
import { userSearchSchema } from "./routes/admin/user-search.js";
import { querySchema as auditQuerySchema } from "./routes/audit.js";
import { listQuery as devMailboxQuery } from "./routes/dev-mailbox.js";
import {
  createSchema as orgClientCreateSchema,
  updateSchema as orgClientUpdateSchema,
} from "./routes/organization-oauth-clients.js";
import {
  createSchema as webhookCreateSchema,
  pageSchema as webhookPageSchema,
  updateSchema as webhookUpdateSchema,
} from "./webhooks/routes.js";

/**
 * Tessera's own routes for the API reference (openapi.ts builds the document): kept here by hand, their query
 * and body schemas the routes' own zod schemas; tests/integration/openapi.test.ts fails when a route of the app
 * is missing here or an entry names a route the app does not have.
 */

export type Method = "get" | "post" | "put" | "patch" | "delete";

export interface Operation {
  summary: string;
  tag: string;
  /** Who may call it; said in the description. */
  access:
    | "public"
    | "session"
    | "site admin"
    | "organization webhooks"
    | "organization scim"
    | "organization oauth clients"
    | "organization sso"
    | "development only"
    | "metrics"
    | "api key";
  query?: z.ZodObject;
  body?: z.ZodObject | Record<string, unknown>;
  /** The 200 answer's content type, when not JSON. */
  produces?: string;
}

const session = "session" as const;
const siteAdmin = "site admin" as const;
const orgWebhooks = "organization webhooks" as const;
const orgClients = "organization oauth clients" as const;

/** Tessera's own routes, by path (Hono's `:param` form) and method. */
export const TESSERA_ROUTES: Record<string, Partial<Record<Method, Operation>>> = {
  "/healthz": { get: { summary: "The process is up", tag: "Operations", access: "public" } },
  "/readyz": {
    get: {
      summary: "The database (and Redis) answer; 503 DATABASE_UNREACHABLE otherwise",
      tag: "Operations",
      access: "public",
    },
  },
  "/metrics": {
    get: {
      summary: "Prometheus metrics (METRICS_TOKEN as a bearer token, or on METRICS_PORT); 404 when off",
      tag: "Operations",
      access: "metrics",
      produces: "text/plain",
    },
  },
  "/api/openapi.json": {
    get: { summary: "This document (development, or a site admin in production)", tag: "Operations", access: "public" },
  },
  "/api/public-config": {
    get: {
      summary: "What the web app needs before anyone signs in (revalidated by ETag)",
      tag: "App",
      access: "public",
    },
  },
  "/api/account/set-password": {
    post: {
      summary: "Set a first password on an account that has none (signed in with a provider)",
      tag: "Account",
      access: session,
      body: { type: "object", required: ["newPassword"], properties: { newPassword: { type: "string" } } },
    },
  },
  "/api/account/sessions": {
    get: {
      summary: "The caller's sessions (ids, never tokens), without the fresh sign-in /list-sessions needs",
      tag: "Account",
      access: session,
    },
  },
  "/api/account/sessions/:id/revoke": {
    post: { summary: "Sign out one of the caller's sessions by its id", tag: "Account", access: session },
  },
  "/api/account/mfa": {
    get: {
      summary: "The caller's second factors (authenticator app or e-mail code), for Settings → Security",
      tag: "Account",
      access: session,
    },
  },
  "/api/account/email-verification": {
    get: {
      summary: "Whether a verification link went out to the caller's address, and when another may be sent",
      tag: "Account",
      access: session,
    },
  },
  "/api/uploads": {
    post: {
      summary: "Upload an avatar or organization logo (PNG, JPEG, WebP, GIF; at most 100 KB)",
      tag: "Uploads",
      access: session,
      body: { type: "string", format: "binary" },
    },
  },
  "/api/uploads/:id": {
    get: { summary: "An uploaded image", tag: "Uploads", access: "public", produces: "image/*" },
  },
  "/api/organizations": {
    get: {
      summary:
        "The caller's organizations a page at a time, by name (query: limit 1–100, default 50; offset); answers {organizations, total}",
      tag: "Organizations",
      access: session,
    },
  },
  "/api/organizations/:organizationId/permissions": {
    get: {
      summary: "What the caller may do in the organization, custom roles included",
      tag: "Organizations",
      access: session,
    },
  },
  "/api/organizations/:organizationId/team-members": {
    get: {
      summary: "Who is in which team of the organization, and the limits that apply (for its members)",
      tag: "Organizations",
      access: session,
    },
  },
  "/api/audit": {
    get: {
      summary: "Audit events: a site admin's of the site, an organization owner's or admin's of the organization",
      tag: "Audit",
      access: session,
      query: auditQuerySchema,
      produces: "application/json, text/csv",
    },
  },
  "/api/admin/users": {
    get: { summary: "Search users with several filters", tag: "Admin", access: siteAdmin, query: userSearchSchema },
  },
  "/api/admin/users/:id": {
    get: { summary: "One user with their accounts and memberships", tag: "Admin", access: siteAdmin },
  },
  "/api/admin/oauth-clients": {
    get: {
      summary: "Every OAuth / OpenID Connect client: the site's and, with their organization, organizations'",
      tag: "Sign in with Tessera",
      access: siteAdmin,
    },
    post: {
      summary: "Add a client; a confidential client's secret is answered once",
      tag: "Sign in with Tessera",
      access: siteAdmin,
      body: oauthClientCreateSchema,
    },
  },
  "/api/admin/oauth-clients/:clientId": {
    patch: {
      summary: "Change a client's name, redirect URIs, scopes or first-party flag",
      tag: "Sign in with Tessera",
      access: siteAdmin,
      body: oauthClientUpdateSchema,
    },
    delete: { summary: "Delete a client; its tokens stop working", tag: "Sign in with Tessera", access: siteAdmin },
  },
  "/api/admin/oauth-clients/:clientId/rotate-secret": {
    post: {
      summary: "Replace a confidential client's secret; the new one is answered once",
      tag: "Sign in with Tessera",
      access: siteAdmin,
    },
  },
  "/api/organizations/:organizationId/oauth-clients": {
    get: {
      summary: "The organization's OAuth / OpenID Connect clients",
      tag: "Sign in with Tessera",
      access: orgClients,
    },
    post: {
      summary: "Add a client of the organization (never first-party); a confidential client's secret is answered once",
      tag: "Sign in with Tessera",
      access: orgClients,
      body: orgClientCreateSchema,
    },
  },
  "/api/organizations/:organizationId/oauth-clients/:clientId": {
    patch: {
      summary: "Change an organization's client: name, redirect URIs, scopes, back-channel logout URI",
      tag: "Sign in with Tessera",
      access: orgClients,
      body: orgClientUpdateSchema,
    },
    delete: {
      summary: "Delete an organization's client; its tokens stop working",
      tag: "Sign in with Tessera",
      access: orgClients,
    },
  },
  "/api/organizations/:organizationId/oauth-clients/:clientId/rotate-secret": {
    post: {
      summary: "Replace the secret of an organization's confidential client; the new one is answered once",
      tag: "Sign in with Tessera",
      access: orgClients,
    },
  },
  "/api/dev/mailbox": {
    get: {
      summary: "Mail kept instead of sent (no SMTP_URL, outside production; this machine only)",
      tag: "Development",
      access: "development only",
      query: devMailboxQuery,
    },
    delete: { summary: "Empty the dev mailbox", tag: "Development", access: "development only" },
  },
  "/api/dev/mailbox/:id": {
    get: { summary: "One kept mail with its text and HTML", tag: "Development", access: "development only" },
  },
  ...webhookRoutes("/api/organizations/:organizationId/webhooks", orgWebhooks),
  ...webhookRoutes("/api/admin/webhooks", siteAdmin),
  "/api/organizations/:organizationId/scim": {
    get: {
      summary: "The organization's SCIM base URL and tokens (never a token itself)",
      tag: "SCIM",
      access: "organization scim",
    },
  },
  "/api/organizations/:organizationId/scim/token": {
    post: {
      summary: "A new SCIM token, shown once; the one before it stops working",
      tag: "SCIM",
      access: "organization scim",
    },
    delete: { summary: "Revoke the SCIM token: provisioning stops (401)", tag: "SCIM", access: "organization scim" },
  },
  "/api/organizations/:organizationId/sso": {
    get: {
      summary:
        "The organization's domains (verified or not, each with the DNS TXT record that proves it), connection and policy",
      tag: "SSO",
      access: "organization sso",
    },
  },
  "/api/organizations/:organizationId/sso/domain": {
    post: {
      summary: "Claim a domain (body: {domain}), as POST …/sso/domains (kept for single-domain callers)",
      tag: "SSO",
      access: "organization sso",
    },
    delete: {
      summary: "Remove a domain (body: {domain}, optional while there is only one)",
      tag: "SSO",
      access: "organization sso",
    },
  },
  "/api/organizations/:organizationId/sso/domains": {
    post: {
      summary: "Claim one more domain (body: {domain}; at most 10); answers its TXT record to publish",
      tag: "SSO",
      access: "organization sso",
    },
  },
  "/api/organizations/:organizationId/sso/domains/:domain/verify": {
    post: { summary: "Check one domain's TXT record now", tag: "SSO", access: "organization sso" },
  },
  "/api/organizations/:organizationId/sso/domains/:domain": {
    delete: {
      summary: "Remove one domain; the last one takes the connection along",
      tag: "SSO",
      access: "organization sso",
    },
  },
  "/api/organizations/:organizationId/sso/oidc": {
    put: {
      summary: "Set the OpenID Connect identity provider (body: {issuer, clientId, clientSecret}); read by discovery",
      tag: "SSO",
      access: "organization sso",
    },
  },
  "/api/organizations/:organizationId/sso/oidc/test": {
    post: { summary: "Read the identity provider's discovery document now", tag: "SSO", access: "organization sso" },
  },
  "/api/organizations/:organizationId/sso/saml": {
    put: {
      summary:
        "Set the SAML 2.0 identity provider (body: {metadata} or {entityId, ssoUrl, certificate}); replaces an OpenID Connect one",
      tag: "SSO",
      access: "organization sso",
    },
  },
  "/api/organizations/:organizationId/sso/saml/test": {
    post: {
      summary: "Check the saved SAML metadata and that a signing certificate is valid now",
      tag: "SSO",
      access: "organization sso",
    },
  },
  "/api/organizations/:organizationId/sso/enabled": {
    put: { summary: "Turn single sign-on on or off (body: {enabled})", tag: "SSO", access: "organization sso" },
  },
  "/api/organizations/:organizationId/sso/policy": {
    put: {
      summary:
        "Who joins by verified domain and whether single sign-on is required (body: {autoJoin?: off|invite|member, ssoRequired?})",
      tag: "SSO",
      access: "organization sso",
    },
  },
  "/api/sso/check": {
    post: {
      summary: "Whether an address signs in with single sign-on, and must (body: {email}; answers {sso, required})",
      tag: "SSO",
      access: "public",
    },
  },
  "/api/sso/sign-in": {
    post: {
      summary:
        "Start single sign-on for an address (body: {email, callbackURL}); answers {url} of the identity provider",
      tag: "SSO",
      access: "public",
    },
  },
  "/api/organizations/:organizationId/sso/domain/verify": {
    post: {
      summary: "Check a domain's TXT record now (body: {domain}, optional while there is only one)",
      tag: "SSO",
      access: "organization sso",
    },
  },
  // API keys (docs/integrate.md "API keys"); ?organizationId=… for an organization's (owners and admins).
  "/api/api-keys": {
    get: {
      summary: "The caller's API keys, or an organization's with ?organizationId= (never the keys themselves)",
      tag: "API keys",
      access: session,
    },
    post: {
      summary: "Create an API key (name, scopes, expiresInDays, organizationId); the key is answered once",
      tag: "API keys",
      access: session,
      body: {
        type: "object",
        required: ["name"],
        properties: {
          name: { type: "string", maxLength: 64 },
          scopes: { type: "array", items: { type: "string", enum: [...API_KEY_SCOPES] } },
          expiresInDays: { type: ["integer", "null"], enum: [...API_KEY_EXPIRY_DAYS] },
          organizationId: { type: "string" },
        },
      },
    },
  },
  "/api/api-keys/:id": {
    delete: { summary: "Revoke an API key (?organizationId= for an organization's)", tag: "API keys", access: session },
  },
  "/api/api-keys/self": {
    get: {
      summary: "Who the presented key belongs to (a user or an organization), its scopes and expiry",
      tag: "API keys",
      access: "api key",
    },
  },
};

function webhookRoutes(base: string, access: Operation["access"]): Record<string, Partial<Record<Method, Operation>>> {
  const tag = "Webhooks";
  return {
    [base]: {
      get: { summary: "Webhook endpoints", tag, access },
      post: {
        summary: "Add a webhook endpoint; its signing secret is shown once",
        tag,
        access,
        body: webhookCreateSchema,
      },
    },
    [`${base}/:id`]: {
      patch: {
        summary: "Change an endpoint's address, events, description or turn it on or off",
        tag,
        access,
        body: webhookUpdateSchema,
      },
      delete: { summary: "Delete an endpoint and its deliveries", tag, access },
    },
    [`${base}/:id/rotate-secret`]: {
      post: { summary: "A new signing secret; the old one keeps signing for 24 hours", tag, access },
    },
    [`${base}/:id/deliveries`]: {
      get: { summary: "An endpoint's deliveries, newest first", tag, access, query: webhookPageSchema },
    },
    [`${base}/:id/deliveries/:deliveryId/resend`]: {
      post: { summary: "Send a delivery again", tag, access },
    },
    [`${base}/:id/test`]: {
      post: { summary: "Send a test event to the endpoint", tag, access },
    },
  };
}
