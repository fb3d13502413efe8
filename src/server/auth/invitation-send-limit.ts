import { defineRequestState, hasRequestState } from "@better-auth/core/context";
import type { AuthContext, BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { retryLater } from "../errors.js";
import { countAttempt, counterFields } from "./window-counter.js";

/** Invitation mails per inviting user and per organization, per window (config.ts, README). */
export interface InvitationSendLimits {
  perUser: number;
  perOrganization: number;
  windowSeconds: number;
}

const MODEL = "invitationSendThrottle";

// Per request: whether its new invitation was counted already (its mail is not counted again), and
// a resend refused at the mail, which the engine cannot be stopped from answering 200 to.
const state = defineRequestState(() => ({ counted: false, refused: undefined as APIError | undefined }));

/**
 * Invitations are mail Tessera sends to any address with text the inviter chose (the organization's
 * name): one verified user sent 40 in 0.4 s with a phishing text as the name. Each invitation mail,
 * new or resent, counts against the inviting user and against the organization; over either limit
 * the call is answered 429 and no mail goes out (nor is a new invitation written; a resend's new
 * expiry is, see maySend). Counted only once the engine has
 * made every other check (permission, already invited, its pending-invitation limit), so refused
 * calls spend nothing. On whatever RATE_LIMIT_ENABLED says. docs/security.md "Invitations".
 */
export function invitationSendLimit(limits: InvitationSendLimits) {
  let context: AuthContext | undefined;

  async function consume(userId: string, organizationId: string) {
    if (!context) throw new Error("invitation send limit used before the engine started");
    const limit = (max: number) => ({ model: MODEL, max, windowSeconds: limits.windowSeconds });
    const byUser = await countAttempt(context, `invite-user:${userId}`, limit(limits.perUser));
    if (!byUser.allowed) throw retryLater("TOO_MANY_INVITATIONS", byUser.retryAfter);
    const byOrganization = await countAttempt(
      context,
      `invite-organization:${organizationId}`,
      limit(limits.perOrganization),
    );
    if (!byOrganization.allowed) throw retryLater("TOO_MANY_ORGANIZATION_INVITATIONS", byOrganization.retryAfter);
  }

  return {
    plugin: {
      id: "tessera-invitation-send-limit",
      init(ctx) {
        context = ctx;
      },
      schema: {
        invitationSendThrottle: { modelName: "invitation_send_throttle", fields: counterFields },
      },
      hooks: {
        after: [
          {
            matcher: (ctx) => ctx.path === "/organization/invite-member",
            handler: createAuthMiddleware(async () => {
              const refused = (await hasRequestState()) ? (await state.get()).refused : undefined;
              if (refused) throw refused;
            }),
          },
        ],
      },
    } satisfies BetterAuthPlugin,

    /** organizationHooks.beforeCreateInvitation: the engine's checks passed; nothing is written yet. */
    async beforeCreateInvitation(data: { inviter: { id: string }; organization: { id: string } }) {
      await consume(data.inviter.id, data.organization.id);
      if (await hasRequestState()) (await state.get()).counted = true;
    },

    /**
     * Before each invitation mail; false: do not send. A resend is counted here, after its new expiry
     * is written. The engine swallows errors from the mail callback (it logs them and answers 200), so
     * a refusal is kept for the after hook, which answers the 429 instead.
     */
    async maySend(data: { inviter: { user: { id: string } }; organization: { id: string } }): Promise<boolean> {
      if (!(await hasRequestState())) return true; // never outside a request; nothing could answer 429
      const current = await state.get();
      if (current.counted) return true;
      try {
        await consume(data.inviter.user.id, data.organization.id);
        return true;
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        current.refused = error;
        return false;
      }
    },
  };
}
