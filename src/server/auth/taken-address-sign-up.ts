import { randomBytes } from "node:crypto";
import { defineRequestState, hasRequestState, runWithTransaction } from "@better-auth/core/context";
import { BASE_ERROR_CODES } from "@better-auth/core/error";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { parseUserInput, parseUserOutput } from "better-auth/db";
import type { AuthMail, MailUser } from "../mail/auth-mail.js";

/** Set when the engine answered this sign-up with its stand-in user: the address already has an account. */
const addressTaken = defineRequestState(() => ({ taken: false, ownerId: null as string | null }));

/** For the audit log: the id of the account whose address this sign-up named, when it was taken. */
export async function takenAddressOwner(): Promise<string | null> {
  if (!(await hasRequestState())) return null;
  const state = await addressTaken.get();
  return state.taken ? state.ownerId : null;
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type UserRow = Record<string, unknown> & { id: string };

/** Carries the rehearsed user out of the transaction that is rolled back. */
class Rehearsed extends Error {
  constructor(readonly user: UserRow) {
    super("sign-up rehearsal rolled back");
  }
}

/**
 * Sign-up must not tell whether an address has an account (docs/security.md "Brute force and
 * enumeration"). With requireEmailVerification, better-auth 1.7 answers a taken address with a
 * stand-in user built from the schema alone (api/routes/sign-up.mjs), which lacks what the user
 * create hooks add (the admin plugin's `role` came back null instead of "user"), and it skips the
 * writes a real sign-up makes, so it also answered sooner.
 *
 * For a taken address this plugin rehearses the real sign-up instead: the engine's own createUser
 * and linkAccount, with every create hook and the database's own defaults and conversions, under a
 * placeholder address, in a transaction that is then rolled back. The answer is built from that
 * user exactly as the engine builds a real one, so a field any plugin adds later is covered without
 * a list here, and the same writes are made (and undone). The owner of the address is told by mail,
 * in place of the verification mail a new address gets.
 *
 * The user create before-hooks run for the rehearsal too; they must only shape the row (all do today).
 */
export function takenAddressSignUp(mail: Pick<AuthMail, "signUpAttempt">) {
  /** For emailAndPassword.onExistingUserSignUp: the engine calls it after its transaction, before answering. */
  async function onExistingUserSignUp({ user }: { user: MailUser }) {
    if (await hasRequestState()) Object.assign(await addressTaken.get(), { taken: true, ownerId: user.id });
    await mail.signUpAttempt(user);
  }

  const plugin = {
    id: "tessera-taken-address-sign-up",
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            if (!(await hasRequestState()) || !(await addressTaken.get()).taken) return;
            const returned = ctx.context.returned as { user?: { email?: unknown } } | undefined;
            if (!returned || isAPIError(returned) || typeof returned.user?.email !== "string") return;
            const user = await rehearseSignUp(ctx);
            return ctx.json({
              token: null,
              user: parseUserOutput(ctx.context.options, { ...user, email: returned.user.email } as never),
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return { onExistingUserSignUp, plugin };
}

/** The engine's sign-up writes for this request's body, rolled back; returns the user as written. */
async function rehearseSignUp(ctx: HookContext): Promise<UserRow> {
  const { context } = ctx;
  // The same fields the engine's sign-up passes to createUser.
  const {
    name,
    image,
    email: _email,
    password: _password,
    callbackURL: _callbackURL,
    rememberMe: _rememberMe,
    ...rest
  } = ctx.body as Record<string, unknown>;
  try {
    await runWithTransaction(context.adapter, async () => {
      let user: UserRow | null;
      try {
        user = await context.internalAdapter.createUser(
          {
            // Reserved top-level domain (RFC 2606): never anyone's address, so never a conflict.
            email: `${randomBytes(12).toString("hex")}@rehearsal.invalid`,
            name: name as string,
            image: image as string | undefined,
            ...parseUserInput(context.options, rest, "create"),
            emailVerified: false,
          },
          { method: "email-password" },
        );
      } catch (error) {
        // As the engine's sign-up answers a failed create.
        if (isAPIError(error)) throw error;
        throw APIError.from("UNPROCESSABLE_ENTITY", BASE_ERROR_CODES.FAILED_TO_CREATE_USER);
      }
      if (!user) throw APIError.from("UNPROCESSABLE_ENTITY", BASE_ERROR_CODES.FAILED_TO_CREATE_USER);
      await context.internalAdapter.linkAccount({
        userId: user.id,
        providerId: "credential",
        accountId: user.id,
        // Shaped like the engine's scrypt hash (salt:key in hex); rolled back with the rest.
        password: `${randomBytes(16).toString("hex")}:${randomBytes(64).toString("hex")}`,
      });
      throw new Rehearsed(user);
    });
  } catch (error) {
    if (error instanceof Rehearsed) return error.user;
    throw error;
  }
  throw new Error("the sign-up rehearsal was not rolled back");
}
