import { Hono, type MiddlewareHandler } from "hono";
import type { EmailVerificationStatus } from "../../../shared/account.js";
import type { SessionVariables } from "../../auth/session-fast-path.js";
import type { Database } from "../../db/database.js";

/** The mails whose link verifies the address they go to (src/server/mail/i18n.ts MAIL_KINDS). */
const VERIFYING_MAILS = ["verify-email", "change-email-verification"];

/**
 * How long after a verification mail the settings screen offers another: the engine lets one address
 * (IP) ask three times a minute (its special rule for /send-verification-email), so a minute apart
 * never meets a 429.
 */
const RESEND_AFTER_MS = 60_000;

/**
 * GET /api/account/email-verification: whether a verification link went out to the signed-in user's
 * current address, and when, so Settings → Email says "sent to … at …" instead of offering a link
 * that is already on its way (issue 22 item 6). Read from the mail outbox, whose envelopes are kept a
 * week; a mail that failed for good does not count. With MAIL_TRANSPORT=log nothing is kept, so the
 * answer is `sentAt: null` and the screen offers a link as before.
 */
export function accountEmailVerificationRoute({
  database,
  requireSession,
}: {
  database: Database;
  requireSession: MiddlewareHandler<{ Variables: SessionVariables }>;
}) {
  const app = new Hono<{ Variables: SessionVariables }>();
  app.get("/", requireSession, async (c) => {
    const user = c.get("user");
    c.header("Cache-Control", "no-store");
    if (user.emailVerified) {
      return c.json({
        email: user.email,
        verified: true,
        sentAt: null,
        resendAt: null,
      } satisfies EmailVerificationStatus);
    }
    const last = await database.db
      .selectFrom("outbox")
      .select("createdAt")
      .where("kind", "in", VERIFYING_MAILS)
      .where("recipient", "=", user.email.toLowerCase())
      .where("status", "!=", "failed")
      .orderBy("createdAt", "desc")
      .limit(1)
      .executeTakeFirst();
    const sentAt = last ? Number(last.createdAt) : null;
    const resendAt = sentAt !== null && sentAt + RESEND_AFTER_MS > Date.now() ? sentAt + RESEND_AFTER_MS : null;
    return c.json({
      email: user.email,
      verified: false,
      sentAt: sentAt === null ? null : new Date(sentAt).toISOString(),
      resendAt: resendAt === null ? null : new Date(resendAt).toISOString(),
    } satisfies EmailVerificationStatus);
  });
  return app;
}
