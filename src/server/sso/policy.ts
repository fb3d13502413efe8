import { getCurrentAdapter } from "@better-auth/core/context";
import type { AuthContext, BetterAuthPlugin, DBAdapter } from "better-auth";
import { createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { AUTO_JOIN_MODES, type AutoJoin, type SsoPolicy } from "../../shared/sso.js";
import { apiError } from "../errors.js";
import { isUsable, type SsoProviderRow } from "./connection.js";
import { providerRowForEmail } from "./domains.js";

/**
 * An organization's single sign-on policy (docs/sso.md "Who joins" and "SSO required"), stored on the
 * organization's row (organization plugin `additionalFields`, never writable through the engine's calls):
 *
 * - `ssoAutoJoin`: what happens to someone who signs in with a social provider and a verified address in
 *   the organization's verified domain: nothing (`off`), a pending invitation they accept themselves
 *   (`invite`), or membership at once (`member`). Empty on organizations that set up their domain before the
 *   choice existed: they keep what they had (`member`); a domain claimed now starts at `off`.
 * - `ssoRequired`: addresses of the verified domain sign in only through the organization's identity
 *   provider while its connection is on: no password, no social or passkey sign-in (site admins exempt).
 *
 * Joining through the organization's own connection (its identity provider vouches for the person) is not
 * the owner's choice here: it always makes them a member, as the engine's plugin would (joinByConnection).
 */

/** Where a domain claimed from now on starts: nobody joins until the owner chooses (docs/sso.md). */
export const NEW_SETUP_AUTO_JOIN: AutoJoin = "off";
/** What an organization that set up its domain before the choice existed keeps. */
const LEGACY_AUTO_JOIN: AutoJoin = "member";

export const organizationSsoFields = {
  ssoAutoJoin: { type: "string", required: false, input: false },
  ssoRequired: { type: "boolean", required: false, defaultValue: false, input: false },
} as const;

interface OrganizationRow {
  id: string;
  ssoAutoJoin?: string | null;
  ssoRequired?: boolean | null;
}

/** `unset`: what an organization that never chose gets (LEGACY_AUTO_JOIN once it has a domain). */
function policyOfRow(org: OrganizationRow | null, unset: AutoJoin = LEGACY_AUTO_JOIN): SsoPolicy {
  const stored = org?.ssoAutoJoin;
  const autoJoin = (AUTO_JOIN_MODES as readonly string[]).includes(stored ?? "") ? (stored as AutoJoin) : unset;
  return { autoJoin, ssoRequired: !!org?.ssoRequired };
}

type Adapter = Pick<DBAdapter<any>, "findOne" | "findMany" | "create" | "update" | "delete" | "deleteMany">;

export async function policyOf(adapter: Adapter, organizationId: string, unset?: AutoJoin): Promise<SsoPolicy> {
  return policyOfRow(
    await adapter.findOne<OrganizationRow>({ model: "organization", where: [{ field: "id", value: organizationId }] }),
    unset,
  );
}

/** The organization whose verified domain the address is in (its connection row), if any. */
async function verifiedRowFor(adapter: Adapter, email: unknown): Promise<SsoProviderRow | null> {
  const row = await providerRowForEmail(adapter, email);
  return row?.organizationId ? row : null;
}

/** Whether this address may sign in only through its organization's identity provider. */
export async function ssoRequiredFor(adapter: Adapter, email: unknown): Promise<boolean> {
  const row = await verifiedRowFor(adapter, email);
  if (!isUsable(row) || !row.organizationId) return false;
  return (await policyOf(adapter, row.organizationId)).ssoRequired;
}

/**
 * Whether "SSO required" refuses a password (or any sign-in other than the organization's identity provider)
 * for this address or user: site admins and addresses outside a verified domain with the policy on pass.
 */
export async function refusedBySsoPolicy(
  adapter: Adapter,
  who: UserRow | { email: string } | null,
  isSiteAdmin: (user: { id: string; role?: string | null }) => boolean,
): Promise<boolean> {
  if (!who?.email || !(await ssoRequiredFor(adapter, who.email))) return false;
  const user =
    "id" in who
      ? who
      : await adapter.findOne<UserRow>({
          model: "user",
          where: [{ field: "email", value: who.email.trim().toLowerCase() }],
        });
  return !(user && isSiteAdmin(user));
}

interface UserRow {
  id: string;
  email: string;
  emailVerified?: boolean;
  role?: string | null;
}

export interface SsoPolicyOptions {
  /** Organization invitations' lifetime in seconds (INVITATION_EXPIRES_IN). */
  invitationExpiresIn: number;
  /** Site admins keep every way in: the site must not depend on one organization's identity provider. */
  isSiteAdmin(user: { id: string; role?: string | null }): boolean;
}

/** Paths that sign someone in through an organization's own connection (never refused by "SSO required"). */
const isConnectionCallback = (path: string | undefined) =>
  !!path && (path.startsWith("/sso/callback/") || path.startsWith("/sso/saml2/"));
/** A site admin acting as someone (their own decision, audited as such). */
const IMPERSONATION = new Set(["/admin/impersonate-user", "/admin/stop-impersonating"]);

/**
 * The password calls and where each finds the address it is about. The engine's /set-password is
 * server-only (no path for a hook): POST /api/account/set-password checks refusedBySsoPolicy itself.
 */
type Ctx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
const PASSWORD_CALLS: Record<string, (ctx: Ctx, adapter: Adapter) => Promise<UserRow | { email: string } | null>> = {
  "/sign-in/email": async (ctx) => ({ email: String((ctx.body as { email?: unknown })?.email ?? "") }),
  "/sign-up/email": async (ctx) => ({ email: String((ctx.body as { email?: unknown })?.email ?? "") }),
  "/request-password-reset": async (ctx) => ({ email: String((ctx.body as { email?: unknown })?.email ?? "") }),
  "/forget-password": async (ctx) => ({ email: String((ctx.body as { email?: unknown })?.email ?? "") }),
  "/reset-password": async (ctx, adapter) => {
    const token = (ctx.body as { token?: unknown })?.token ?? (ctx.query as { token?: unknown } | undefined)?.token;
    if (typeof token !== "string" || !token) return null;
    const record = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`);
    if (!record) return null;
    return adapter.findOne<UserRow>({ model: "user", where: [{ field: "id", value: record.value }] });
  },
  "/change-password": async (ctx) => (await getSessionFromCtx(ctx))?.user ?? null,
  "/admin/set-user-password": async (ctx, adapter) => {
    const userId = (ctx.body as { userId?: unknown })?.userId;
    if (typeof userId !== "string") return null;
    return adapter.findOne<UserRow>({ model: "user", where: [{ field: "id", value: userId }] });
  },
};

/**
 * The policy's engine side: who joins by verified domain (after a social sign-in), who joins through the
 * organization's connection, and "SSO required" on every password call and every other way a session is made.
 */
export function ssoPolicyPlugin(options: SsoPolicyOptions): BetterAuthPlugin {
  let engine: AuthContext | undefined;
  const adapterNow = async (): Promise<Adapter> => {
    if (!engine) throw new Error("SSO policy used before the engine started");
    return (await getCurrentAdapter(engine.adapter)) as Adapter;
  };

  const refused = (adapter: Adapter, who: UserRow | { email: string } | null) =>
    refusedBySsoPolicy(adapter, who, options.isSiteAdmin);

  async function isMemberOrInvited(adapter: Adapter, organizationId: string, user: UserRow, declinedCounts: boolean) {
    const member = await adapter.findOne({
      model: "member",
      where: [
        { field: "organizationId", value: organizationId },
        { field: "userId", value: user.id },
      ],
    });
    if (member) return true;
    const invitations = await adapter.findMany<{ status: string; expiresAt: Date | string }>({
      model: "invitation",
      where: [
        { field: "organizationId", value: organizationId },
        { field: "email", value: user.email.toLowerCase() },
      ],
    });
    // A pending invitation decides (its role); by domain, one the person declined is not offered again.
    return invitations.some(
      (i) =>
        (declinedCounts && i.status === "rejected") ||
        (i.status === "pending" && new Date(i.expiresAt).getTime() > Date.now()),
    );
  }

  async function addMember(adapter: Adapter, organizationId: string, user: UserRow) {
    await adapter.create({
      model: "member",
      data: { organizationId, userId: user.id, role: "member", createdAt: new Date() },
    });
  }

  async function invite(adapter: Adapter, organizationId: string, user: UserRow) {
    // The invitation is the organization's: an owner is its inviter. No mail: the person is signing in
    // right now and finds it among their invitations; at most one is pending (isMemberOrInvited).
    const owners = await adapter.findMany<{ userId: string; role: string }>({
      model: "member",
      where: [{ field: "organizationId", value: organizationId }],
    });
    const owner = owners.find((m) => m.role.split(",").some((r) => r.trim() === "owner"));
    if (!owner) return;
    await adapter.create({
      model: "invitation",
      data: {
        organizationId,
        email: user.email.toLowerCase(),
        role: "member",
        status: "pending",
        inviterId: owner.userId,
        expiresAt: new Date(Date.now() + options.invitationExpiresIn * 1000),
        createdAt: new Date(),
      },
    });
  }

  /** After a social sign-in: the owner's choice for a verified address of their verified domain. */
  async function joinByDomain(user: UserRow) {
    const adapter = await adapterNow();
    const fresh = await adapter.findOne<UserRow>({ model: "user", where: [{ field: "id", value: user.id }] });
    if (!fresh?.emailVerified) return;
    const row = await verifiedRowFor(adapter, fresh.email);
    if (!row?.organizationId) return;
    const { autoJoin } = await policyOf(adapter, row.organizationId);
    if (autoJoin === "off" || (await isMemberOrInvited(adapter, row.organizationId, fresh, true))) return;
    if (autoJoin === "member") await addMember(adapter, row.organizationId, fresh);
    else await invite(adapter, row.organizationId, fresh);
  }

  /** After a sign-in through the organization's own connection: a member of that organization only. */
  async function joinByConnection(user: UserRow, providerId: unknown) {
    if (typeof providerId !== "string") return;
    const adapter = await adapterNow();
    const row = await adapter.findOne<SsoProviderRow>({
      model: "ssoProvider",
      where: [{ field: "providerId", value: providerId }],
    });
    if (!isUsable(row) || !row.organizationId) return;
    const fresh = await adapter.findOne<UserRow>({ model: "user", where: [{ field: "id", value: user.id }] });
    if (!fresh || (await isMemberOrInvited(adapter, row.organizationId, fresh, false))) return;
    await addMember(adapter, row.organizationId, fresh);
  }

  return {
    id: "tessera-sso-policy",
    init(ctx) {
      engine = ctx;
      return {
        options: {
          databaseHooks: {
            session: {
              create: {
                // Every other way in (social, passkey, a second step, an e-mail link's sign-in) for an address
                // that must use its organization's identity provider.
                async before(session, ctx) {
                  const path = (ctx as { path?: string } | null)?.path;
                  if (!path || isConnectionCallback(path) || IMPERSONATION.has(path)) return;
                  const adapter = await adapterNow();
                  const user = await adapter.findOne<UserRow>({
                    model: "user",
                    where: [{ field: "id", value: (session as { userId: string }).userId }],
                  });
                  if (await refused(adapter, user)) throw apiError("SSO_REQUIRED");
                },
              },
            },
          },
        },
      };
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => !!ctx.path && ctx.path in PASSWORD_CALLS,
          handler: createAuthMiddleware(async (ctx) => {
            const find = PASSWORD_CALLS[ctx.path as string];
            if (!find) return;
            const adapter = await adapterNow();
            if (await refused(adapter, await find(ctx, adapter))) throw apiError("SSO_REQUIRED");
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => !!ctx.path && (ctx.path.startsWith("/callback/") || isConnectionCallback(ctx.path)),
          handler: createAuthMiddleware(async (ctx) => {
            const user = ctx.context.newSession?.user as UserRow | undefined;
            if (!user) return;
            try {
              if (isConnectionCallback(ctx.path)) await joinByConnection(user, ctx.params?.providerId);
              else await joinByDomain(user);
            } catch (error) {
              // The sign-in stands (as with the engine's own joining); the organization may be full.
              ctx.context.logger.warn("Joining by single sign-on did not happen", error);
            }
          }),
        },
      ],
    },
  };
}
